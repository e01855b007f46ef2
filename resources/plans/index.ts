/**
 * Plans of an accommodation: the list (公開 toggles at once) with its settings panel, the shared
 * inputs and the form model. The data comes from dataProvider/catalogueApi.
 */
export { PlanList } from './PlanList';
export { PlanPanel, type PlanPanelProps } from './PlanPanel';
export { PlanInputs, type PlanInputsProps } from './PlanInputs';
export { PLAN_ICONS, PlanIcon } from './planIcons';
export * from './planModel';
