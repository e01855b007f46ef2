import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../contract/apiPaths';
import {
  bookingGuestsSchema,
  guestCreateSchema,
  guestSchema,
  guestUpdateSchema,
  registerSettingsPatchSchema,
  registerSettingsSchema,
  registerStatesQuery,
  registerStatesSchema,
} from '../../../contract/guestRegister';
import { idParam, idParams } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { GuestRegisterService } from '../../services/guestRegister';
import { StayService } from '../../services/stays';
import { checkOutSchema, stayMoveSchema } from '../../../contract/stay';
import { errorAnswers } from '../errorAnswers';
import { settingsRoutes } from '../settingsRoutes';
import { sendCsvFile, sendPdfFile } from '../download';
import { registerFileNames, registerListQuery, registerListSchema } from '../../../contract/registerList';
import { readRegister, registerCsvText } from '../../services/registerList';
import { registerPdf } from '../../services/registerPdf';
import { passportFileOf, passportMultipart, passportOnRequest } from '../passportUpload';

const tags = ['guest register'];
const guestParams = z.object({ id: idParam, guestId: idParam });

/**
 * The guest register (宿泊者名簿, issue 30): a facility's register settings and the guests of a
 * booking with what the register still misses (contract/guestRegister.ts).
 */
const guestRegisterRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const register = new GuestRegisterService(ctx.db);
  const stays = new StayService(ctx.db);

  settingsRoutes(app, {
    path: apiPaths.registerSettings,
    tags,
    schema: registerSettingsSchema,
    patch: registerSettingsPatchSchema,
    scope: 'facility',
    summaries: {
      get: "A facility's register settings: its licence, its notification number and the items its prefecture adds",
      update: 'Change the register settings (administrators); extra_fields names only the items it changes',
    },
    read: (user, id) => register.settings(user, id),
    update: (user, id, body) => register.updateSettings(user, id, body),
  });

  app.get(
    apiPaths.facilityRegister,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary:
          "A facility's register over dates (from, to included): a row per guest of each stay (format=csv: UTF-8 with BOM, a minpaku house's in MLIT's column order; format=pdf: printable A4); every read audited",
        tags,
        params: idParams,
        querystring: registerListQuery,
        response: { 200: registerListSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const register = await readRegister(ctx.db, userOf(request), request.params.id, from, to);
      if (format === 'csv') {
        return sendCsvFile(
          reply as FastifyReply,
          registerCsvText(register.settings, register.rows),
          registerFileNames(from, to, 'csv'),
        );
      }
      if (format === 'pdf') {
        const pdf = await registerPdf({ ...register, from, to, printedAt: new Date() });
        return sendPdfFile(reply as FastifyReply, pdf, registerFileNames(from, to, 'pdf'));
      }
      return { rows: register.rows };
    },
  );

  app.get(
    apiPaths.bookRegisterStates,
    {
      schema: {
        summary:
          "The register's state (none, incomplete, complete) of each booking the user reaches among ids=1,2,3 (500 at most)",
        tags,
        querystring: registerStatesQuery,
        response: { 200: registerStatesSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => register.states(userOf(request), request.query.ids),
  );

  app.get(
    apiPaths.bookGuests,
    {
      schema: {
        summary: "A booking's guests, the representative first, and its register's state with what is missing",
        tags,
        params: idParams,
        response: { 200: bookingGuestsSchema, ...errorAnswers(401, 404) },
      },
    },
    async (request) => register.guests(userOf(request), request.params.id),
  );

  app.post(
    apiPaths.bookGuests,
    {
      schema: {
        summary: 'Enter a guest (the first one is the representative; representative: true makes this one it)',
        tags,
        params: idParams,
        body: guestCreateSchema,
        response: { 201: z.object({ guest: guestSchema }), ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ guest: await register.add(userOf(request), request.params.id, request.body) }),
  );

  app.patch(
    apiPaths.bookGuest,
    {
      schema: {
        summary: "Change a guest's items",
        tags,
        params: guestParams,
        body: guestUpdateSchema,
        response: { 200: z.object({ guest: guestSchema }), ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      guest: await register.update(userOf(request), request.params.id, request.params.guestId, request.body),
    }),
  );

  app.delete(
    apiPaths.bookGuest,
    {
      schema: {
        summary: 'Remove a guest (not of a stay that has ended: the register is kept three years)',
        tags,
        params: guestParams,
        response: { 204: z.null(), ...errorAnswers(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await register.remove(userOf(request), request.params.id, request.params.guestId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    apiPaths.bookGuestPassport,
    {
      config: passportMultipart(),
      onRequest: passportOnRequest(),
      schema: {
        summary:
          "Keep the copy of a guest's passport (multipart field file: JPEG, PNG or PDF by content, 5,000,000 bytes at most)",
        tags,
        consumes: ['multipart/form-data'],
        params: guestParams,
        response: { 200: z.object({ guest: guestSchema }), ...errorAnswers(400, 401, 404, 409, 413) },
      },
    },
    async (request) => {
      const file = passportFileOf(request.body);
      return {
        guest: await register.putPassport(userOf(request), request.params.id, request.params.guestId, file),
      };
    },
  );

  app.get(
    apiPaths.bookGuestPassport,
    {
      schema: {
        summary: "The copy of a guest's passport, as kept (never cached; every view is audited)",
        tags,
        params: guestParams,
        response: errorAnswers(401, 404),
      },
    },
    async (request, reply) => {
      const copy = await register.passport(userOf(request), request.params.id, request.params.guestId);
      // A file, not the JSON of a schema: sent as its bytes.
      return (reply as FastifyReply)
        .header('content-type', copy.type)
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(copy.content);
    },
  );

  // The front desk's moves of the stay.
  const moves = [
    [
      apiPaths.bookCheckIn,
      'Check the guests in (from the first day; allowed with an incomplete register, which the answer names)',
      'checkIn',
    ],
    [apiPaths.bookNoShow, 'Record a no-show (a booking still reserved, from its first day)', 'noShow'],
  ] as const;
  for (const [path, summary, move] of moves) {
    app.post(
      path,
      {
        schema: {
          summary,
          tags,
          params: idParams,
          response: { 200: stayMoveSchema, ...errorAnswers(401, 404, 409) },
        },
      },
      async (request) => stays[move](userOf(request), request.params.id),
    );
  }

  app.post(
    apiPaths.bookCheckOut,
    {
      schema: {
        summary:
          'Check the guests out (after a check-in); with { date } (the departure) before the last day, the nights after it go back to stock and the channel, the total kept',
        tags,
        params: idParams,
        body: checkOutSchema,
        response: { 200: stayMoveSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request) => stays.checkOut(userOf(request), request.params.id, request.body?.date),
  );
};

export default guestRegisterRoutes;
