import type { ReactNode } from 'react';
import { GENDERS, type RegisterSettings } from '../../../../contract/guestRegister';
import { shownFields, type GuestField, type GuestFormValues } from '../guestForm';
import type { CardErrors } from './precheckinForm';
import type { Words } from './words';

export interface GuestCardProps {
  index: number;
  settings: Pick<RegisterSettings, 'licence' | 'extra_fields'>;
  form: GuestFormValues;
  countries: { value: string; label: string }[];
  photoName: string | null;
  errors: CardErrors;
  w: Words;
  onChange: <F extends GuestField>(field: F, value: GuestFormValues[F]) => void;
  onPhoto: (file: File) => void;
}

type TextItem = Exclude<GuestField, 'representative' | 'same_as_representative' | 'room' | 'gender'>;

/**
 * One guest's card of the pre-check-in page: the items the facility's licence asks, 国籍 and 居住国,
 * the passport's number and photo when the guest's case needs them, the prefecture's items. Each
 * error stands under its field.
 */
export function GuestCard({
  index,
  settings,
  form,
  countries,
  photoName,
  errors,
  w,
  onChange,
  onPhoto,
}: GuestCardProps) {
  const shown = shownFields(settings, form);
  const sharing = index > 0 && form.same_as_representative;
  const id = (field: string) => `g${index}-${field}`;
  const field = (name: string, label: string, required: boolean, control: ReactNode, hint?: string) => (
    <div className={`pc-field${errors[name] ? ' pc-invalid' : ''}`}>
      <label htmlFor={id(name)}>
        {label}
        {required && <span className="pc-required"> ({w.required})</span>}
      </label>
      {control}
      {errors[name] ? (
        <p className="pc-error" id={`${id(name)}-error`} role="alert">
          {errors[name]}
        </p>
      ) : (
        hint && <p className="pc-hint">{hint}</p>
      )}
    </div>
  );
  const text = (name: TextItem, required: boolean, options: { type?: string; hint?: string; auto?: string } = {}) =>
    field(
      name,
      w.field(name),
      required,
      <input
        id={id(name)}
        type={options.type ?? 'text'}
        inputMode={name === 'age' ? 'numeric' : undefined}
        autoComplete={options.auto ?? 'off'}
        value={form[name]}
        aria-invalid={Boolean(errors[name])}
        onChange={(e) => onChange(name, e.target.value)}
      />,
      options.hint,
    );
  const select = (
    name: 'nationality' | 'residence_country' | 'gender',
    choices: { value: string; label: string }[],
    hint?: string,
  ) =>
    field(
      name,
      w.field(name),
      name === 'residence_country' || (name === 'gender' && shown.required('gender')),
      <select
        id={id(name)}
        value={form[name]}
        aria-invalid={Boolean(errors[name])}
        onChange={(e) => onChange(name, e.target.value)}
      >
        <option value="">{w.choose}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>,
      hint,
    );
  const ryokan = settings.licence !== 'minpaku';
  const extra = shown.extra.filter((f) => f !== 'room');

  return (
    <section className="pc-card" aria-labelledby={id('title')}>
      <h2 id={id('title')}>{w.guest(index)}</h2>
      {text('name', true, { auto: index === 0 ? 'name' : 'off' })}
      {index > 0 && (
        <label className="pc-check">
          <input
            type="checkbox"
            checked={form.same_as_representative}
            onChange={(e) => onChange('same_as_representative', e.target.checked)}
          />
          {w.field('same_as_representative')}
        </label>
      )}
      {!sharing && text('address', true, { auto: index === 0 ? 'street-address' : 'off' })}
      {!sharing && text('contact', ryokan, { hint: w.contactHint, auto: index === 0 ? 'tel' : 'off' })}
      {settings.licence === 'minpaku' && text('occupation', true)}
      {select('nationality', countries)}
      {select('residence_country', countries, w.residenceHint)}
      {shown.passport && (
        <>
          <p className="pc-hint">{w.passportHint}</p>
          {text('passport_number', true, { auto: 'off' })}
          {field(
            'passport_copy',
            w.field('passport_copy'),
            true,
            <div className="pc-photo">
              <label className="pc-button pc-secondary">
                {w.takePhoto}
                <input
                  id={id('passport_copy')}
                  type="file"
                  accept="image/*"
                  capture="environment"
                  onChange={(e) => e.target.files?.[0] && onPhoto(e.target.files[0])}
                />
              </label>
              <label className="pc-button pc-secondary">
                {w.chooseFile}
                <input
                  type="file"
                  accept="image/jpeg,image/png,application/pdf"
                  data-testid={id('passport_file')}
                  onChange={(e) => e.target.files?.[0] && onPhoto(e.target.files[0])}
                />
              </label>
              {photoName && <span className="pc-chosen">{w.photoChosen(photoName)}</span>}
            </div>,
          )}
        </>
      )}
      {extra.map((name) =>
        name === 'gender'
          ? select(
              'gender',
              GENDERS.map((g) => ({ value: g, label: w.gender[g] })),
            )
          : text(name, shown.required(name), {
              type: name === 'arrival_time' || name === 'departure_time' ? 'datetime-local' : undefined,
            }),
      )}
    </section>
  );
}
