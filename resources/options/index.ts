/**
 * The option catalogue of an accommodation: the list (drag reorder, delete) with its create/edit
 * overlay, and the form model. The data comes from dataProvider/optionsApi and suppliersApi.
 */
export { OptionList } from './OptionList';
export { OptionDialog, type OptionDialogProps } from './OptionDialog';
export * from './optionModel';
