import { bookingEntity } from './booking';
import type { AnyEntity } from './entity';
import { faqEntity } from './faq';
import { mailPublicationEntity } from './mailPublication';
import { mailTemplateEntity } from './mailTemplate';
import { optionEntity } from './option';
import { pettyCashEntity } from './pettyCash';
import { planEntity } from './plan';
import { refusalEntity } from './refusal';
import { roomEntity } from './room';
import { senderAddressEntity } from './senderAddress';
import { supplierEntity } from './supplier';
import { syncItemEntity } from './syncItem';
import { syncLogEntity } from './syncLog';
import { syncSettingEntity } from './syncSetting';
import { timesheetGroupEntity } from './timesheetGroup';
import { userEntity } from './user';

/**
 * Every entity description, for the checks that hold for all of them (tests/unit/entities.test.ts:
 * each field stored in a column of its table, each label in Japanese). The console never imports
 * this list: each page loads only its own description.
 */
export const entities: readonly AnyEntity[] = [
  bookingEntity,
  roomEntity,
  planEntity,
  optionEntity,
  faqEntity,
  supplierEntity,
  userEntity,
  mailTemplateEntity,
  senderAddressEntity,
  mailPublicationEntity,
  syncSettingEntity,
  syncItemEntity,
  syncLogEntity,
  timesheetGroupEntity,
  pettyCashEntity,
  refusalEntity,
] as readonly AnyEntity[];
