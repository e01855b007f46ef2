import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../contract/params';
import {
  myShiftListSchema,
  myShiftQuerySchema,
  timesheetAssignSchema,
  timesheetGroupEntity,
  timesheetMarkSchema,
  timesheetSheetSchema,
} from '../../../contract/timesheetGroup';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { TimesheetsService } from '../../services/timesheets';
import { crudRoutes } from '../crud';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ['timesheets'];

/**
 * Shift groups (spec 7 "Users, shifts, cash": list, one, create, PATCH, DELETE 204) at
 * admin/schedules/groups: every user reads, administrators write. Beside them the shift calendar
 * of a group, a member of staff's own marks, an administrator's assignments, and one's own
 * released shifts (issue 22).
 */
const timesheetRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const service = new TimesheetsService(ctx.db);

  await app.register(
    crudRoutes({
      entity: timesheetGroupEntity,
      service: () => service,
      access: 'admin',
      readAccess: 'user',
      summaries: {
        list: 'Shift groups of the company, newest period first, with the staff not yet registered',
        get: 'One shift group',
        create: 'Create a shift group (end_at, start_date, end_date)',
        update: 'Change or release (release_flg 1) a shift group; 409 once released',
        delete: 'Delete a shift group and its marks',
      },
    }),
    ctx,
  );

  app.get(
    apiPaths.timesheetEntries,
    {
      schema: {
        summary: 'The shift calendar of a group: staff-type users, facilities, marks and assignments',
        tags,
        params: idParams,
        response: { 200: timesheetSheetSchema, ...errors },
      },
    },
    async (request) => service.sheet(userOf(request), request.params.id),
  );

  app.put(
    apiPaths.timesheetEntries,
    {
      schema: {
        summary:
          "A member of staff's own mark on a day and facility (until the deadline; 409 after it or once released)",
        tags,
        params: idParams,
        body: timesheetMarkSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.mark(userOf(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    apiPaths.timesheetAssignments,
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Assign a member of staff where they marked, or take it back (409 once released)',
        tags,
        params: idParams,
        body: timesheetAssignSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.assign(userOf(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    apiPaths.myShifts,
    {
      schema: {
        summary: "The caller's assigned shifts of released groups between from and to",
        tags,
        querystring: myShiftQuerySchema,
        response: { 200: myShiftListSchema, ...errors },
      },
    },
    async (request) => ({ shifts: await service.mine(userOf(request), request.query) }),
  );
};

export default timesheetRoutes;
