import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorTime } from '../../../lib/visitorTime';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import { isLinkReply } from '../api/chat';
import { useChat } from '../store';
import { StaffText } from './StaffText';
import { Summary } from './Summary';

/** Props of ChatPanel. */
export interface ChatPanelProps {
  onClose: () => void;
  disabled?: boolean;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The open chat: header, messages, typing indicator, quick replies and the input. */
export default function ChatPanel({ onClose, disabled }: ChatPanelProps) {
  const { t, i18n } = useTranslation('chat');
  const lang = i18n.resolvedLanguage ?? 'fr';
  const visitorTime = useVisitorTime(lang);
  // A time chip of the day being chosen, with the visitor's own time beside it when their clock differs.
  const chipLabel = (q: { label: string; value: string }) => {
    const own = /^\d{2}:\d{2}$/.test(q.value) && collected.date ? visitorTime(collected.date, q.value) : '';
    return own ? `${q.label} · ${t('yourTime', { ns: 'common', time: own })}` : q.label;
  };
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [text, setText] = useState('');
  const { messages, quickReplies, pending, problem, minimized, collected, appointmentId, flow, handoff, linkEnded } = useChat();
  const ensureSession = useChat((s) => s.ensureSession);
  const listen = useChat((s) => s.listen);
  const loaded = useChat((s) => s.loaded);
  const sessionId = useChat((s) => s.sessionId);
  const stored = useChat((s) => s.stored);
  const send = useChat((s) => s.send);
  const setMinimized = useChat((s) => s.setMinimized);

  useEffect(() => {
    void ensureSession(lang);
  }, [ensureSession, lang]);

  // While the panel is open, staff answers arrive on the conversation's own stream, once
  // the server keeps the conversation (the visitor has written in it).
  useEffect(() => (loaded && sessionId && stored ? listen() : undefined), [listen, loaded, sessionId, stored]);

  useEffect(() => {
    if (!minimized) input.current?.focus();
  }, [minimized]);

  // A booking starts when the server says the conversation entered the booking flow.
  const previousFlow = useRef(flow);
  useEffect(() => {
    if (previousFlow.current !== 'booking' && flow === 'booking') {
      track('appointment_booking_start', { place: 'chat' });
    }
    previousFlow.current = flow;
  }, [flow]);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages.length, pending, problem]);

  const submit = async (value: string) => {
    if (!value.trim() || pending || disabled) return;
    setText('');
    const ok = await send(value, lang);
    if (!ok) setText(value); // keep what was typed, the visitor can resend it
    input.current?.focus();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(text);
  };

  const onInputKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit(text);
    }
  };

  // Focus stays in the panel while it is open; Escape closes it.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const problemText = problem === 'unavailable' ? t('unavailable') : problem === 'rate_limited' ? t('rateLimited') : t('error');

  return (
    <div
      ref={panel}
      className="chat-panel"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-minimized={minimized || undefined}
      onKeyDown={onKeyDown}
    >
      <header className="chat-panel__header">
        <span className="chat-panel__avatar" aria-hidden="true">
          <Icon name="Bot" size={20} />
        </span>
        <div className="chat-panel__who">
          <h2 id={titleId}>{t('name')}</h2>
          <p>{t('tagline')}</p>
        </div>
        <button type="button" onClick={() => setMinimized(!minimized)} aria-label={minimized ? t('restore') : t('minimize')} aria-expanded={!minimized}>
          <Icon name={minimized ? 'ChevronDown' : 'Minus'} size={18} />
        </button>
        <button type="button" onClick={onClose} aria-label={t('close')}>
          <Icon name="X" size={18} />
        </button>
      </header>
      {!minimized && (
        <>
          <ol ref={list} className="chat-panel__messages" tabIndex={0} aria-live="polite" aria-relevant="additions" aria-label={t('messages')}>
            {messages.map((m) => (
              <li key={m.id} className={`chat-msg chat-msg--${m.sender}`} dir="auto">
                {m.sender === 'staff' ? (
                  <span className="chat-msg__author">{t('staffName', { name: m.author ?? '' })}</span>
                ) : (
                  <span className="visually-hidden">{m.sender === 'bot' ? t('name') : t('you')}: </span>
                )}
                {m.sender === 'staff' ? <StaffText text={m.text} /> : m.text}
              </li>
            ))}
            {pending && (
              <li className="chat-msg chat-msg--bot chat-typing">
                <span className="visually-hidden">{t('typing')}</span>
                <span aria-hidden="true" className="chat-typing__dots">
                  <span />
                  <span />
                  <span />
                </span>
              </li>
            )}
            {problem && !pending && (
              <li className="chat-msg chat-msg--error" role="alert">
                {problemText}
              </li>
            )}
          </ol>
          {linkEnded && (
            <p className="chat-panel__handoff" role="status">
              {t('linkEnded')}
            </p>
          )}
          {handoff && (
            <p className="chat-panel__handoff" role="status">
              {handoff.state === 'staff' ? t('handoffStaff', { name: handoff.agent ?? '' }) : t('handoffWaiting')}
            </p>
          )}
          <Summary collected={collected} appointmentId={appointmentId} />
          {quickReplies.length > 0 && !pending && (
            <div className="chat-panel__chips" role="group" aria-label={t('suggestions')}>
              {quickReplies.map((q) =>
                // A link opens its page in the app and sends nothing; the panel folds so the page shows.
                isLinkReply(q) ? (
                  <Link key={q.value + q.label} to={q.value} className="chat-chip chat-chip--link" onClick={() => setMinimized(true)}>
                    {q.label}
                  </Link>
                ) : (
                  <button key={q.value + q.label} type="button" className="chat-chip" onClick={() => void submit(q.value)} disabled={disabled}>
                    {chipLabel(q)}
                  </button>
                ),
              )}
            </div>
          )}
          {disabled && <p className="chat-panel__notice">{t('maintenance')}</p>}
          <form className="chat-panel__form" onSubmit={onSubmit}>
            <label htmlFor={`${titleId}-input`} className="visually-hidden">
              {t('inputLabel')}
            </label>
            <textarea
              ref={input}
              id={`${titleId}-input`}
              rows={1}
              value={text}
              maxLength={1000}
              placeholder={t('placeholder')}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onInputKey}
              dir="auto"
            />
            <button type="submit" className="chat-panel__send" disabled={!text.trim() || pending || disabled} aria-label={t('send')}>
              <Icon name="Send" size={18} className="flip-rtl" />
            </button>
          </form>
        </>
      )}
    </div>
  );
}
