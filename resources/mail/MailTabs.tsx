import { Tab, Tabs } from '@mui/material';
import { Link } from 'react-router-dom';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { links } from '../../src/routes';

export type MailTab = 'bulk' | 'receive' | 'addresses';

export interface MailTabsProps {
  /** The tab of the page that draws the bar. */
  current: MailTab;
}

const TABS: readonly { value: MailTab; label: AppMessageKey; to: () => string }[] = [
  { value: 'bulk', label: 'app.received_mail.tab_bulk', to: links.mailPublications },
  { value: 'receive', label: 'app.received_mail.tab_receive', to: links.receivedMailList },
  { value: 'addresses', label: 'app.received_mail.tab_addresses', to: links.mailAddresses },
];

/**
 * The bulk mail area's tabs, drawn at the top of each of its pages: 一括メール (/m/mail), 受信メール
 * (/m/mail/receive) and 送信元アドレス (/m/mail/addresses). Each tab is a link, so the address
 * changes and the browser's back button works; it scrolls sideways on a phone.
 */
export function MailTabs({ current }: MailTabsProps) {
  const translate = useAppTranslate();
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('app.received_mail.tabs_label')}
      sx={{ borderBottom: 1, borderColor: 'divider', mt: 1 }}
      data-testid="mail-tabs"
    >
      {TABS.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={translate(tab.label)} component={Link} to={tab.to()} />
      ))}
    </Tabs>
  );
}
