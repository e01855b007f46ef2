export * from './company';
export * from './catalogue';
export * from './bookings';
export * from './mail';
export * from './sync';
export * from './staff';
export * from './relations';
export * from './audit';
