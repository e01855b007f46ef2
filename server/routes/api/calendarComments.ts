import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarCommentCreateSchema,
  calendarCommentSchema,
  calendarCommentUpdateSchema,
} from '../../../contract/booking';
import { idParam, isoDate } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { CalendarCommentService } from '../../services/calendarComments';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(400, 401, 404);
const tags = ['calendar'];
const config = { accommodationParam: 'id' };
const oneParams = z.object({ id: idParam, commentId: idParam });

/** Comments of calendar days (spec section 7 "Calendar comments"). */
const calendarCommentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const comments = new CalendarCommentService(ctx.db);

  app.get(
    apiPaths.calendarComments,
    {
      config,
      schema: {
        summary: 'Comments of the days in a range',
        tags,
        params: z.object({ id: idParam }),
        querystring: z.object({
          start_date: isoDate().optional(),
          end_date: isoDate().optional(),
        }),
        response: { 200: z.object({ comments: z.array(calendarCommentSchema) }), ...errors },
      },
    },
    async (request) => ({
      comments: await comments.list(request.params.id, request.query.start_date, request.query.end_date),
    }),
  );

  app.post(
    apiPaths.calendarComments,
    {
      config,
      schema: {
        summary: 'Add a comment to a day',
        tags,
        params: z.object({ id: idParam }),
        body: calendarCommentCreateSchema,
        response: { 201: calendarCommentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await comments.add(userOf(request), request.params.id, request.body.target_date, request.body.comment)),
  );

  app.patch(
    apiPaths.calendarComment,
    {
      config,
      schema: {
        summary: 'Change a comment',
        tags,
        params: oneParams,
        body: calendarCommentUpdateSchema,
        response: { 200: calendarCommentSchema, ...errors },
      },
    },
    async (request) =>
      comments.change(userOf(request), request.params.id, request.params.commentId, request.body.comment),
  );

  app.delete(
    apiPaths.calendarComment,
    {
      config,
      schema: { summary: 'Delete a comment', tags, params: oneParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await comments.remove(userOf(request), request.params.id, request.params.commentId);
      return reply.status(204).send(null);
    },
  );
};

export default calendarCommentRoutes;
