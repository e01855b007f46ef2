import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ForAccommodation } from '../../../src/crud/ForAccommodation';
import { links } from '../../../src/routes';
import { AutoMailSection } from './AutoMailSection';
import { CalendarFeedSection } from './CalendarFeedSection';
import { ChannelCredentialsForm } from './ChannelCredentialsForm';
import { RegisterSettingsSection } from './RegisterSettingsSection';
import { TaxSettingsSection } from './TaxSettingsSection';
import { InvoiceSettingsSection } from './InvoiceSettingsSection';

/** One titled section of the detailed settings page. */
export function SettingSection({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader
        title={title}
        slotProps={{ title: { component: 'h2', variant: 'h6', sx: { fontWeight: 700 } } }}
        sx={{ pb: 0 }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The detailed settings of a facility (spec 2 "Detailed settings", /m/accommodation/{id}/setting):
 * its sections one below the other, cards the width of the page (one column at 390 px as at 1280):
 * the calendar feed's link with copy and regenerate (issue 22), 自動メール (the facility's automatic
 * cancel and transfer reminder, issue 20), 宿泊者名簿 (the licence and the ordinance's items, issue 30)
 * 宿泊税・入湯税 and the company's インボイス issuer (issue 31), and 外部予約サイト連携, the channel
 * credentials (issue 21).
 */
export default function SettingPage() {
  const translate = useAppTranslate();
  const title = translate('app.page.setting');
  return (
    <ForAccommodation link={links.setting}>
      {(accommodationId) => (
        <>
          <Title title={title} preferenceKey={false} />
          <Stack sx={{ mt: 1, gap: 2 }} data-testid="setting-page">
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <SettingSection title={translate('app.setting_page.feed.title')} testId="setting-feed">
              <CalendarFeedSection accommodationId={accommodationId} />
            </SettingSection>
            <SettingSection title={translate('app.setting_page.auto_mail.title')} testId="setting-auto-mail">
              <AutoMailSection accommodationId={accommodationId} />
            </SettingSection>
            <SettingSection title={translate('app.setting_page.register.title')} testId="setting-register">
              <RegisterSettingsSection accommodationId={accommodationId} />
            </SettingSection>
            <SettingSection title={translate('app.setting_page.tax.title')} testId="setting-tax">
              <TaxSettingsSection accommodationId={accommodationId} />
            </SettingSection>
            <SettingSection title={translate('app.setting_page.invoice.title')} testId="setting-invoice">
              <InvoiceSettingsSection />
            </SettingSection>
            <SettingSection title={translate('resources.sync_settings.name')} testId="setting-channel">
              <ChannelCredentialsForm accommodationId={accommodationId} />
            </SettingSection>
          </Stack>
        </>
      )}
    </ForAccommodation>
  );
}
