import { relations } from 'drizzle-orm';
import { accommodations, users } from './company';
import {
  accommodationOptions,
  faqs,
  paymentMethods,
  planPaymentMethods,
  planPrices,
  plans,
  priceRuleSets,
  roomPlans,
  rooms,
  suppliers,
} from './catalogue';
import { bookingOptions, bookings, payments, refunds } from './bookings';
import { mailMessages } from './mail';

/**
 * Relations for drizzle's query API (db.query.bookings.findMany({ with: { payments: true } })).
 * Only the tables of the data model; company.ts's tables keep theirs (if any) in company.ts.
 */

export const roomsRelations = relations(rooms, ({ one, many }) => ({
  accommodation: one(accommodations, { fields: [rooms.accommodationId], references: [accommodations.id] }),
  roomPlans: many(roomPlans),
  bookings: many(bookings),
}));

export const plansRelations = relations(plans, ({ one, many }) => ({
  accommodation: one(accommodations, { fields: [plans.accommodationId], references: [accommodations.id] }),
  roomPlans: many(roomPlans),
  prices: many(planPrices),
  paymentMethods: many(planPaymentMethods),
  priceRuleSet: one(priceRuleSets, { fields: [plans.id], references: [priceRuleSets.planId] }),
}));

export const roomPlansRelations = relations(roomPlans, ({ one }) => ({
  room: one(rooms, { fields: [roomPlans.roomId], references: [rooms.id] }),
  plan: one(plans, { fields: [roomPlans.planId], references: [plans.id] }),
}));

export const planPaymentMethodsRelations = relations(planPaymentMethods, ({ one }) => ({
  plan: one(plans, { fields: [planPaymentMethods.planId], references: [plans.id] }),
  paymentMethod: one(paymentMethods, {
    fields: [planPaymentMethods.paymentMethodId],
    references: [paymentMethods.id],
  }),
}));

export const planPricesRelations = relations(planPrices, ({ one }) => ({
  plan: one(plans, { fields: [planPrices.planId], references: [plans.id] }),
}));

export const accommodationOptionsRelations = relations(accommodationOptions, ({ one }) => ({
  supplier: one(suppliers, { fields: [accommodationOptions.supplierId], references: [suppliers.id] }),
  room: one(rooms, { fields: [accommodationOptions.roomId], references: [rooms.id] }),
}));

export const faqsRelations = relations(faqs, ({ one }) => ({
  room: one(rooms, { fields: [faqs.roomId], references: [rooms.id] }),
}));

export const bookingsRelations = relations(bookings, ({ one, many }) => ({
  accommodation: one(accommodations, {
    fields: [bookings.accommodationId],
    references: [accommodations.id],
  }),
  room: one(rooms, { fields: [bookings.roomId], references: [rooms.id] }),
  plan: one(plans, { fields: [bookings.planId], references: [plans.id] }),
  payments: many(payments),
  options: many(bookingOptions),
  refunds: many(refunds),
  mails: many(mailMessages),
}));

export const bookingOptionsRelations = relations(bookingOptions, ({ one }) => ({
  booking: one(bookings, { fields: [bookingOptions.bookId], references: [bookings.id] }),
  option: one(accommodationOptions, {
    fields: [bookingOptions.optionId],
    references: [accommodationOptions.id],
  }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  booking: one(bookings, { fields: [payments.bookId], references: [bookings.id] }),
  createdByUser: one(users, { fields: [payments.createdBy], references: [users.id] }),
}));

export const refundsRelations = relations(refunds, ({ one }) => ({
  booking: one(bookings, { fields: [refunds.bookId], references: [bookings.id] }),
  payment: one(payments, { fields: [refunds.paymentId], references: [payments.id] }),
}));

export const mailMessagesRelations = relations(mailMessages, ({ one }) => ({
  booking: one(bookings, { fields: [mailMessages.bookId], references: [bookings.id] }),
}));
