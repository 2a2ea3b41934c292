import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { fieldErrorsOf, toastFailure } from '../../../lib/mutation';
import { useCreateAppointmentMutation, type NewAppointment } from './api/appointments';
import type { ClientInput } from '../clients/api/clients';
import { catalogueQueries } from '../api/catalogue';
import { clientQueries } from '../clients/api/clients';
import { keys } from '../api/keys';
import type { Client } from '../api/types';
import { ClientDialog } from '../components/ClientDialog';
import { SlotProblem, slotRefusalOf, type SlotRefusal } from './components/SlotProblem';
import { useServices } from '../hooks/useServices';
import { useConsultants } from '../api/consultants';
import { useCan, useSession } from '../hooks/useSession';
import { matchService, readPrefill } from '../lib/conversation';
import { isoDay } from '../lib/time';
import { modeToBook, offeredModes } from '../lib/meetingModes';

const EMPTY: NewAppointment = {
  name: '',
  email: '',
  phone: '',
  company: '',
  sector: '',
  service: '',
  date: '',
  time: '',
  message: '',
  client_id: '',
  mode: '',
};

/** The name, e-mail and phone a chosen client fills in. */
export function fromClient(client: Client): Pick<NewAppointment, 'name' | 'email' | 'phone' | 'company' | 'client_id'> {
  return {
    name: `${client.prenom} ${client.nom}`.trim(),
    email: client.email ?? '',
    phone: client.numero_1 ?? '',
    company: client.nom_entreprise ?? '',
    client_id: client.id,
  };
}

/**
 * /admin/new-appointment: the public form's fields, a client picker, only free slots. From
 * a conversation (?conversation=<id>&name=…&service=…&date=…&time=…), the form starts with
 * what Dota collected and the booking is linked to the conversation.
 */
export default function NewAppointmentPage() {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const services = useServices();
  const canCreateClient = useCan('clients.create');
  const canSearchClients = useSession((s) => s.pages.includes('clients'));
  const [params] = useSearchParams();
  // Read once: afterwards the form is staff's own.
  const [prefill] = useState(() => readPrefill(params, isoDay(new Date())));
  const conversation = prefill.conversation;
  const backTo = conversation ? `/admin/conversations?open=${encodeURIComponent(conversation)}` : '/admin/appointments';
  const [form, setForm] = useState<NewAppointment>(() => ({ ...EMPTY, ...prefill.fields, service: '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const create = useCreateAppointmentMutation();
  // Who meets the prospect: '' lets the server assign one (round-robin by load).
  const [consultant, setConsultant] = useState('');
  const consultants = useConsultants();
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  const [client, setClient] = useState<Client | null>(null);
  // A new client is sent with the booking and created in its transaction: a refused
  // booking leaves none behind.
  const [newClient, setNewClient] = useState<Required<ClientInput> | null>(null);
  const [creating, setCreating] = useState(false);
  const [refusal, setRefusal] = useState<SlotRefusal | null>(null);
  // One key per form fill, kept across retries of it, so a retry books once.
  const idempotencyKey = useRef(newIdempotencyKey());

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const queryClient = useQueryClient();
  const matches = useQuery({ ...clientQueries.list(debounced, 1, 8), enabled: debounced !== '', select: (p) => p.items });
  const serviceSlug = services.find((s) => s.name === form.service)?.slug ?? '';
  const takers = consultants.filter((c) => c.active && (!serviceSlug || c.services.includes(serviceSlug)));
  // A consultant who does not take the service chosen since is no longer chosen.
  const who = takers.some((c) => c.user_id === consultant) ? consultant : '';
  const slots = useQuery({ ...catalogueQueries.day(form.date, serviceSlug, who), enabled: form.date !== '' });
  const freeSlots = form.date ? (slots.data?.slots ?? []).filter((s) => s.free && !s.past) : [];

  // The visitor's service, named as Dota heard it: kept when it is one of the list's names or slugs.
  const serviceMatched = useRef(!prefill.fields.service);
  useEffect(() => {
    if (serviceMatched.current || services.length === 0) return;
    serviceMatched.current = true;
    const name = matchService(prefill.fields.service ?? '', services);
    if (name) setForm((f) => (f.service ? f : { ...f, service: name }));
  }, [services, prefill]);
  // The visitor's time, kept only while it is still free.
  const timeChecked = useRef(!prefill.fields.time);
  useEffect(() => {
    if (timeChecked.current || slots.isFetching || !slots.data) return;
    timeChecked.current = true;
    if (slots.data.date && slots.data.date !== prefill.fields.date) return; // staff chose another day meanwhile
    const wanted = prefill.fields.time ?? '';
    const free = slots.data.slots.some((s) => s.free && !s.past && s.time === wanted);
    if (!free) {
      setForm((f) => (f.time === wanted ? { ...f, time: '' } : f));
      setErrors((e) => ({ ...e, time: t('newAppointment.prefillTimeTaken', { time: wanted }) }));
    }
  }, [slots.data, slots.isFetching, prefill, t]);

  // How they meet: among the chosen service's modes, its default until staff choose.
  const offered = offeredModes(services, form.service);
  const mode = modeToBook(offered, form.mode);

  const set = (key: keyof NewAppointment) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value, ...(key === 'date' ? { time: '' } : {}) }));

  const choose = (c: Client) => {
    setClient(c);
    setNewClient(null);
    setForm((f) => ({ ...f, ...fromClient(c) }));
    setQuery('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!form.name.trim()) local.name = t('form.required');
    if (!form.email.trim() && !form.phone.trim()) local.phone = t('newAppointment.contactRequired');
    if (form.date && !form.time) local.time = t('form.required');
    setErrors(local);
    setFormError('');
    setRefusal(null);
    if (Object.keys(local).length) return;
    const body = newClient ? { ...form, client_id: '', client: newClient } : form;
    create.mutate(
      { body: who ? { ...body, mode, consultant_id: who } : { ...body, mode }, idempotencyKey: idempotencyKey.current, conversation },
      {
        onSuccess: () => {
          idempotencyKey.current = newIdempotencyKey();
          toast.success(t('newAppointment.created'), conversation ? t('newAppointment.linkedToConversation') : undefined);
          navigate(backTo);
        },
        onError: (err) => {
          setErrors(fieldErrorsOf(err));
          const refused = slotRefusalOf(err);
          if (refused) {
            setRefusal(refused);
            void queryClient.invalidateQueries({ queryKey: keys.slots });
          } else {
            setFormError(err instanceof Error && err.message ? err.message : t('newAppointment.failed'));
          }
          toastFailure(() => t('newAppointment.failed'))(err);
        },
      },
    );
  };

  const field = (key: keyof NewAppointment, control: React.ReactNode, required = false) => (
    <label className="field">
      <span>
        {t(`field.${key}`)}
        {required && <span aria-hidden="true"> *</span>}
      </span>
      {control}
      {errors[key] && <span className="field__error">{errors[key]}</span>}
    </label>
  );

  return (
    <section className="page" aria-labelledby="new-appointment-title">
      <Link to={backTo} className="back-link">
        {conversation ? t('newAppointment.backToConversation') : t('newAppointment.back')}
      </Link>
      <h1 id="new-appointment-title">{t('newAppointment.title')}</h1>
      <p className="banner banner--info">{t('newAppointment.banner')}</p>
      {conversation && <p className="banner banner--info">{t('newAppointment.fromConversation')}</p>}

      {(canSearchClients || canCreateClient) && (
      <section className="card" aria-labelledby="client-picker-title">
        <h2 id="client-picker-title">{t('newAppointment.clientTitle')}</h2>
        {client ? (
          <p className="chosen-client">
            {t('newAppointment.chosen', { name: `${client.prenom} ${client.nom}` })}{' '}
            <button
              type="button"
              className="btn btn--small"
              onClick={() => {
                setClient(null);
                setForm((f) => ({ ...f, client_id: '' }));
              }}
            >
              {t('newAppointment.unlink')}
            </button>
          </p>
        ) : newClient ? (
          <p className="chosen-client">
            {t('slot.newClient', { name: `${newClient.prenom} ${newClient.nom}` })}{' '}
            <button type="button" className="btn btn--small" onClick={() => setNewClient(null)}>
              {t('newAppointment.unlink')}
            </button>
          </p>
        ) : null}
        <div className="client-picker">
          {canSearchClients && (
            <label className="field">
              <span>{t('newAppointment.searchClient')}</span>
              <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('newAppointment.searchPlaceholder')} />
            </label>
          )}
          {canCreateClient && (
            <button type="button" className="btn" onClick={() => setCreating(true)}>
              {t('newAppointment.createClient')}
            </button>
          )}
        </div>
        {debounced && (
          <ul className="client-results" aria-label={t('newAppointment.results')}>
            {matches.isPending ? (
              <li className="muted">{t('state.loading')}</li>
            ) : (matches.data ?? []).length === 0 ? (
              <li className="muted">{t('newAppointment.noClient')}</li>
            ) : (
              (matches.data ?? []).slice(0, 8).map((c) => (
                <li key={c.id}>
                  <button type="button" className="client-results__item" onClick={() => choose(c)}>
                    <strong>
                      {c.prenom} {c.nom}
                    </strong>
                    <span className="muted">{[c.email, c.numero_1, c.nom_entreprise].filter(Boolean).join(' · ')}</span>
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </section>
      )}

      <form className="card form-grid" onSubmit={submit} noValidate>
        {field('name', <input value={form.name} onChange={set('name')} aria-invalid={!!errors.name} autoComplete="off" />, true)}
        {field('email', <input type="email" value={form.email} onChange={set('email')} aria-invalid={!!errors.email} />)}
        {field('phone', <input type="tel" value={form.phone} onChange={set('phone')} aria-invalid={!!errors.phone} />)}
        {field('company', <input value={form.company} onChange={set('company')} />)}
        {field('sector', <input value={form.sector} onChange={set('sector')} />)}
        {field(
          'service',
          <select value={form.service} onChange={set('service')}>
            <option value="">{t('appointments.general')}</option>
            {services.map((s) => (
              <option key={s.id} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'mode',
          <select value={mode} onChange={set('mode')} aria-invalid={!!errors.mode}>
            {offered.modes.map((m) => (
              <option key={m} value={m}>
                {t(`meetingMode.${m}`)}
              </option>
            ))}
          </select>,
        )}
        {consultants.length > 0 && (
          <label className="field">
            <span>{t('consultants.column')}</span>
            <select
              value={who}
              onChange={(e) => {
                setConsultant(e.target.value);
                setForm((f) => ({ ...f, time: '' }));
              }}
              aria-invalid={!!errors.consultant_id}
            >
              <option value="">{t('consultants.automatic')}</option>
              {takers.map((c) => (
                <option key={c.user_id} value={c.user_id}>
                  {c.name}
                </option>
              ))}
            </select>
            {errors.consultant_id && <span className="field__error">{errors.consultant_id}</span>}
          </label>
        )}
        {field('date', <input type="date" value={form.date} min={isoDay(new Date())} onChange={set('date')} aria-invalid={!!errors.date} />)}
        {field(
          'time',
          <select value={form.time} onChange={set('time')} disabled={!form.date || slots.isPending} aria-invalid={!!errors.time}>
            <option value="">
              {!form.date
                ? t('newAppointment.pickDate')
                : slots.data?.closed
                  ? t('newAppointment.closed')
                  : freeSlots.length === 0 && !slots.isPending
                    ? t('newAppointment.noSlot')
                    : t('newAppointment.pickTime')}
            </option>
            {freeSlots.map((s) => (
              <option key={s.time} value={s.time}>
                {s.label || s.time}
              </option>
            ))}
          </select>,
        )}
        <label className="field field--wide">
          <span>{t('field.message')}</span>
          <textarea rows={4} value={form.message} onChange={set('message')} />
          {errors.message && <span className="field__error">{errors.message}</span>}
        </label>
        <SlotProblem
          refusal={refusal}
          onPick={(slot) => {
            setForm((f) => ({ ...f, date: slot.date, time: slot.time }));
            setRefusal(null);
          }}
        />
        {formError && (
          <p className="form-error field--wide" role="alert">
            {formError}
          </p>
        )}
        <div className="field--wide page__actions">
          <Link to={backTo} className="btn">
            {t('action.cancel')}
          </Link>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {t('newAppointment.submit')}
          </button>
        </div>
      </form>

      <ClientDialog
        open={creating}
        client={null}
        createTitle={t('newAppointment.createClient')}
        createdMessage={{ title: t('newAppointment.clientCreatedTitle'), description: t('newAppointment.clientCreated') }}
        onClose={() => setCreating(false)}
        onSaved={(c) => {
          setCreating(false);
          choose(c);
        }}
        onInput={(input) => {
          setCreating(false);
          setClient(null);
          setNewClient(input);
          setForm((f) => ({
            ...f,
            name: `${input.prenom} ${input.nom}`.trim(),
            email: input.email ?? '',
            phone: input.numero_1 ?? '',
            company: input.nom_entreprise ?? '',
            client_id: '',
          }));
        }}
      />
    </section>
  );
}
