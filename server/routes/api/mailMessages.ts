import { apiPaths } from '../../../contract/apiPaths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/params';
import { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { resendFailedMail } from '../../mail/resend';
import { userOf } from '../../plugins/access';
import { errorAnswers } from '../errorAnswers';

const errors = errorAnswers(401, 404, 409);

/** One outbox row (mail_messages): sending a failed mail again. */
const mailMessageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post(
    apiPaths.mailResend,
    {
      schema: {
        summary: 'Send a failed mail again (it goes back to the queue)',
        tags: ['mail'],
        params: z.object({ id: idParam }),
        response: { 200: z.object({ id: z.number().int(), status: z.literal('queued') }), ...errors },
      },
    },
    async (request) => resendFailedMail(ctx.db, userOf(request), request.params.id),
  );
};

export default mailMessageRoutes;
