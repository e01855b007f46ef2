import type { QueuedTestMail, TestMail } from '../../contract/mailTemplate';
import { apiPath } from '../../contract/apiPaths';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';

/** The mail-template call that is not CRUD: the test send (spec 5 "Test mail"). */
export const mailTemplateMethods = {
  /** POST .../mail_templates/{templateId}/test: queues the template, filled with a sample booking. */
  async testMailTemplate(accommodationId: number, templateId: number, body: TestMail): Promise<QueuedTestMail> {
    const url = apiUrl(apiPath('mailTemplateTest', { id: accommodationId, templateId }));
    return (await httpClient<QueuedTestMail>(url, { method: 'POST', body })).json;
  },
};
