import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { useChat } from '../store';
import './ChatWidget.css';

// The panel's code is fetched when the visitor first opens it.
const ChatPanel = lazy(() => import('./ChatPanel'));

/** Props of ChatWidget. */
export interface ChatWidgetProps {
  /** While the site is in maintenance messages cannot be sent. */
  disabled?: boolean;
}

/** Dota: the round button bottom-right (bottom-left in Arabic) and its panel. */
export function ChatWidget({ disabled }: ChatWidgetProps) {
  const { t } = useTranslation('chat');
  const open = useChat((s) => s.open);
  const setOpen = useChat((s) => s.setOpen);
  const restoreOpen = useChat((s) => s.restoreOpen);
  const launcher = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(restoreOpen, [restoreOpen]);

  // Focus goes back to the round button once the panel is closed.
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      launcher.current?.focus();
    }
  }, [open]);

  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };

  return (
    <div className="chat-widget">
      {open && (
        <Suspense fallback={null}>
          <ChatPanel onClose={close} disabled={disabled} />
        </Suspense>
      )}
      {!open && (
        <button
          ref={launcher}
          type="button"
          className="chat-launcher"
          aria-label={t('open')}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <Icon name="Bot" size={26} />
        </button>
      )}
    </div>
  );
}
