import type { RaRecord } from 'react-admin';
import { optionEntity, type AccommodationOption } from '../../contract/option';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { EntityList } from '../../src/crud/EntityList';
import { ForAccommodation } from '../../src/crud/ForAccommodation';
import { links } from '../../src/routes';

/** 最大数 reads the count with the option's own counting word (3個), or — for no limit. */
function MaxCell({ record }: { record: RaRecord }) {
  const translate = useAppTranslate();
  const option = record as unknown as AccommodationOption;
  return option.unit_max === null ? translate('resources.options.values.no_limit') : `${option.unit_max}${option.unit}`;
}

/**
 * The option catalogue of an accommodation (spec 2 "Options", /m/accommodation/{id}/option),
 * generated from its description: the spec's columns, drag (and keyboard) reorder saving only the
 * moved rows, and the create/edit overlay with partner and room fixed once the option exists.
 */
export default function OptionList() {
  return (
    <ForAccommodation link={links.options}>
      {(accommodationId) => (
        <EntityList
          entity={optionEntity}
          form="dialog"
          reorderable
          meta={{ accommodationId }}
          cells={{ unit_max: (record) => <MaxCell record={record} /> }}
        />
      )}
    </ForAccommodation>
  );
}
