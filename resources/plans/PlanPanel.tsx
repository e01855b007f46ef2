import {
  createPlan,
  getPlan,
  updatePlan,
  type PaymentMethod,
  type Plan,
  type PlanBody,
  type PlanPatch,
} from '../../dataProvider/catalogueApi';
import { SettingsPanel, type SettingsPanelLinks } from '../../src/components/SettingsPanel';
import { useAutosaveForm, type AutosaveFormModel } from '../../src/hooks/useAutosaveForm';
import { PlanInputs } from './PlanInputs';
import {
  PLAN_FIELDS,
  emptyPlanForm,
  isPlanFieldChanged,
  planErrorsClearedOnSave,
  planFieldPatch,
  planSaveError,
  planToForm,
  preparePlanCreate,
  type PlanField,
  type PlanFormValues,
} from './planModel';

export interface PlanPanelProps extends SettingsPanelLinks<Plan> {
  /** 0: a new plan. */
  planId: number;
  paymentMethods: PaymentMethod[];
}

const planForm: AutosaveFormModel<Plan, PlanFormValues, PlanField, PlanPatch, PlanBody> = {
  fields: PLAN_FIELDS,
  empty: emptyPlanForm,
  toForm: planToForm,
  isChanged: isPlanFieldChanged,
  fieldError: planSaveError,
  fieldPatch: planFieldPatch,
  prepareCreate: preparePlanCreate,
  createdMessage: 'app.message.info.planCreated',
  errorsClearedOnSave: planErrorsClearedOnSave,
  calls: { get: getPlan, update: updatePlan, create: createPlan },
};

/** The plan settings panel (spec section 2 "Plans"): beside the plan list. */
export function PlanPanel(props: PlanPanelProps) {
  return <PlanPanelBody key={`${props.accommodationId}:${props.planId}`} {...props} />;
}

function PlanPanelBody({ planId, paymentMethods, onClose, ...links }: PlanPanelProps) {
  const settings = useAutosaveForm(planForm, { ...links, id: planId });

  return (
    <SettingsPanel resource="plan" settings={settings} maxWidth={560} onClose={onClose}>
      <PlanInputs
        form={settings.form}
        errors={settings.errors}
        paymentMethods={paymentMethods}
        onChange={settings.change}
        onBlur={(field) => void settings.save(field)}
        onChoose={settings.choose}
      />
    </SettingsPanel>
  );
}
