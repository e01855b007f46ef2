import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { PublicStay } from '../../../../contract/precheckin';
import { countryChoices, type GuestField, type GuestFormValues } from '../guestForm';
import { CallFailed, readStay, sendGuests, sendPassport } from './api';
import { GuestCard } from './GuestCard';
import { preparePhoto } from './photo';
import { precheckinCss } from './precheckinCss';
import { checkCards, emptyCards, type CardErrors } from './precheckinForm';
import { firstLanguage, pageDate, pageDateTime, words, type Language } from './words';

type Photo = { blob: Blob; name: string };
type Phase = 'loading' | 'form' | 'sending' | 'sent' | 'gone';

/**
 * The guest's pre-check-in page (/checkin/{token}, issue 30): phone first, in Japanese or English
 * (a switch at the top), one card per guest of the stay with the items the guest's case needs, the
 * passport photo from the phone's camera, each error under its field, and a confirmation once sent.
 * Its own small entry: React only, no react-admin, no MUI.
 */
export function PrecheckinPage({ token, languages }: { token: string; languages: readonly string[] }) {
  const [language, setLanguage] = useState<Language>(() => firstLanguage(languages));
  const w = words[language];
  const [stay, setStay] = useState<PublicStay | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [cards, setCards] = useState<GuestFormValues[]>([]);
  const [photos, setPhotos] = useState<(Photo | null)[]>([]);
  const [errors, setErrors] = useState<CardErrors[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const countries = useMemo(() => countryChoices(language), [language]);

  useEffect(() => {
    document.documentElement.lang = language;
    document.title = `${w.title}${stay ? ` - ${stay.accommodation_name}` : ''}`;
  }, [language, w, stay]);

  useEffect(() => {
    readStay(token).then(
      (read) => {
        setStay(read);
        setCards(emptyCards(read.person_number, firstLanguage(languages)));
        setPhotos(Array.from({ length: read.person_number }, () => null));
        setPhase('form');
      },
      (e: unknown) => {
        setPhase(e instanceof CallFailed && e.status === 404 ? 'gone' : 'form');
        if (!(e instanceof CallFailed && e.status === 404)) setProblem('failed');
      },
    );
  }, [token, languages]);

  const change =
    (index: number) =>
    <F extends GuestField>(field: F, value: GuestFormValues[F]) => {
      setCards((all) => all.map((c, i) => (i === index ? { ...c, [field]: value } : c)));
      setErrors((all) => all.map((e, i) => (i === index ? { ...e, [field]: undefined } : e)));
      setProblem(null);
    };
  const photo = (index: number) => async (file: File) => {
    const prepared = await preparePhoto(file);
    const message = 'problem' in prepared ? (prepared.problem === 'size' ? w.photoTooLarge : w.photoType) : undefined;
    setPhotos((all) => all.map((p, i) => (i === index ? ('problem' in prepared ? null : prepared) : p)));
    setErrors((all) => all.map((e, i) => (i === index ? { ...e, passport_copy: message } : e)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stay) return;
    const checked = checkCards(stay, cards, photos.map(Boolean), w);
    if (checked.errors) {
      setErrors(checked.errors);
      setProblem('fix');
      const first = checked.errors.findIndex((e) => Object.values(e).some(Boolean));
      document.getElementById(`g${first}-title`)?.scrollIntoView({ behavior: 'smooth' });
      return;
    }
    setProblem(null);
    setPhase('sending');
    try {
      await sendGuests(token, checked.guests);
      for (const [index, p] of photos.entries()) if (p) await sendPassport(token, index, p.blob, p.name);
      setPhase('sent');
      window.scrollTo(0, 0);
    } catch (e) {
      setPhase(e instanceof CallFailed && e.status === 404 ? 'gone' : 'form');
      setProblem(e instanceof CallFailed && e.status === 429 ? 'busy' : 'failed');
    }
  };

  const switcher = (
    <button type="button" className="pc-language" onClick={() => setLanguage(language === 'ja' ? 'en' : 'ja')}>
      {w.language}
    </button>
  );
  const notice = problem && (
    <p className="pc-problem" role="alert">
      {problem === 'fix' ? w.fix : problem === 'busy' ? w.busy : w.failed}
    </p>
  );

  return (
    <main className="pc-main">
      <style>{precheckinCss}</style>
      <header className="pc-header">
        <div>
          <p className="pc-facility">{stay?.accommodation_name}</p>
          <h1>{w.title}</h1>
        </div>
        {switcher}
      </header>
      {phase === 'loading' && <p className="pc-note">…</p>}
      {phase === 'gone' && (
        <p className="pc-problem" role="alert">
          {w.notFound}
        </p>
      )}
      {stay && phase === 'sent' && (
        <section className="pc-card pc-done" aria-live="polite">
          <h2>{w.sent}</h2>
          <p>{w.sentText}</p>
          <button type="button" className="pc-button pc-secondary" onClick={() => setPhase('form')}>
            {w.edit}
          </button>
        </section>
      )}
      {stay && (phase === 'form' || phase === 'sending') && (
        <form onSubmit={submit} noValidate>
          <section className="pc-card pc-stay">
            <p className="pc-dates">
              {w.stay(pageDate(stay.start_date, language), pageDate(stay.end_date, language), stay.nights)}
            </p>
            <p>{w.people(stay.person_number)}</p>
            <p className="pc-note">{w.intro}</p>
            {stay.sent_at && <p className="pc-note">{w.sentBefore(pageDateTime(stay.sent_at, language))}</p>}
          </section>
          {cards.map((card, index) => (
            <GuestCard
              key={index}
              index={index}
              settings={stay}
              form={card}
              countries={countries}
              photoName={photos[index]?.name ?? null}
              errors={errors[index] ?? {}}
              w={w}
              onChange={change(index)}
              onPhoto={photo(index)}
            />
          ))}
          {notice}
          <button type="submit" className="pc-button pc-submit" disabled={phase === 'sending'}>
            {phase === 'sending' ? w.sending : w.submit}
          </button>
        </form>
      )}
      {!stay && phase !== 'gone' && notice}
    </main>
  );
}
