import { userEntity } from '../../contract/user';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { EntityList } from '../../src/crud/EntityList';
import { AdminOnly } from '../../src/components/AdminOnly';
import { FacilityToggles } from './FacilityToggles';
import { PasswordChange } from './PasswordChange';

/**
 * User management (spec 2 "Users", /m/user, administrators): name, mail, type, the accessible
 * facilities as toggle icons, password change and delete, and the settings panel (existing users
 * save each field as it is left or chosen; a new one needs 作成).
 */
export default function UserList() {
  const translate = useAppTranslate();
  return (
    <AdminOnly>
      <EntityList
        entity={userEntity}
        form="panel"
        cells={{ accommodations: (record) => <FacilityToggles record={record} /> }}
        extraColumns={[
          {
            name: 'password',
            label: translate('resources.user.password.column'),
            render: (record) => <PasswordChange record={record} />,
          },
        ]}
        narrowHidden={['mail', 'password']}
      />
    </AdminOnly>
  );
}
