import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppMessageKey } from '../../../i18n/ja';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { NotFoundPage } from '../../../src/components/MessagePage';

export interface PlanIds {
  accommodationId: number;
  planId: number;
}

/**
 * The route of a plan's price screen (.../accommodation/{id}/plan/{planId}/price[/csv|/creator]): the
 * page title, and the screen for valid ids (remounted when they change), else the not-found page.
 */
export function PlanPriceRoute({ title, children }: { title: AppMessageKey; children: (ids: PlanIds) => ReactNode }) {
  const translate = useAppTranslate();
  const params = useParams();
  const accommodationId = Number(params.id);
  const planId = Number(params.planId);
  const valid = [accommodationId, planId].every((n) => Number.isInteger(n) && n > 0);
  if (!valid) return <NotFoundPage />;
  return (
    <>
      <Title title={translate(title)} preferenceKey={false} />
      <div key={`${accommodationId}:${planId}`}>{children({ accommodationId, planId })}</div>
    </>
  );
}
