import { IconButton, Stack } from '@mui/material';
import { useNotify, useUpdate, type RaRecord } from 'react-admin';
import { USER_TYPE } from '../../contract/enums';
import type { User } from '../../contract/user';
import { useAccommodations } from '../../dataProvider/accommodations';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FacilityIcon } from '../../src/components/FacilityIcon';
import { refusalMessage } from '../../src/crud/formErrors';

/**
 * The accessible facilities of a user in the list (spec 2 "Users"): one facility icon each, in its
 * colour when granted and grey when not; a click grants or takes back that facility at once. An
 * administrator reaches every facility: the icons are shown on and cannot be toggled.
 */
export function FacilityToggles({ record }: { record: RaRecord }) {
  const user = record as unknown as User;
  const translate = useAppTranslate();
  const notify = useNotify();
  const { accommodations } = useAccommodations();
  const [update, { isPending }] = useUpdate();
  const isAdmin = user.user_type === USER_TYPE.admin;

  const toggle = (accommodationId: number, on: boolean) => {
    const granted = on
      ? [...user.accommodations, accommodationId].sort((a, b) => a - b)
      : user.accommodations.filter((id) => id !== accommodationId);
    update(
      'user',
      { id: user.id, data: { accommodations: granted }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('app.crud.saved', { type: 'success', autoHideDuration: 2000 }),
        onError: (error) => notify(refusalMessage(error), { type: 'error' }),
      },
    );
  };

  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }} data-testid="facility-toggles">
      {accommodations.map((a) => {
        const on = isAdmin || user.accommodations.includes(a.id);
        const label = isAdmin
          ? translate('resources.user.all_facilities')
          : translate('resources.user.grant', {
              name: a.name,
              state: translate(on ? 'resources.user.grant_off' : 'resources.user.grant_on'),
            });
        return (
          <IconButton
            key={a.id}
            size="small"
            aria-label={label}
            aria-pressed={on}
            title={isAdmin ? label : a.name}
            disabled={isAdmin || isPending}
            onClick={() => toggle(a.id, !on)}
            sx={{ p: 0.25, opacity: on ? 1 : 0.35, filter: on ? 'none' : 'grayscale(1)' }}
          >
            <FacilityIcon color={a.color} shortName={a.short_name} size={28} title={a.name} />
          </IconButton>
        );
      })}
    </Stack>
  );
}
