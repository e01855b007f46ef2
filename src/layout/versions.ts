/** Version labels shown as the spec gives them (section 9): sidebar and header differ on purpose. */
export const SIDEBAR_VERSION = '2.0.1';
export const HEADER_VERSION = '1.0.1';
