import { Alert } from '@mui/material';
import { refusalEntity } from '../../contract/refusal';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { EntityList } from '../../src/crud/EntityList';

/**
 * The refusal log (宿泊拒否の記録, issue 30, /m/refusals), generated from its description: when,
 * the facility, the guest, the law's ground, the facts and who recorded it; 記録する opens the
 * overlay, a row its correction. The three years it is kept are said above the list and enforced
 * by the server (a delete inside them is refused with the date it may go).
 */
export default function RefusalList() {
  const translate = useAppTranslate();
  return (
    <>
      <Alert severity="info" sx={{ mt: 1 }}>
        {translate('resources.refusals.notice')}
      </Alert>
      <EntityList entity={refusalEntity} form="dialog" narrowHidden={['edit', 'delete']} />
    </>
  );
}
