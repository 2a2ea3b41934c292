import { useId, useState } from 'react';
import { Icon } from '../../../components/ui/Icon';
import type { QA } from '../api/catalogue';
import './Faq.css';

/** Props of Faq. */
export interface FaqProps {
  items: QA[];
}

/** An accordion of questions: one answer open at a time, and the open one can be closed. */
export function Faq({ items }: FaqProps) {
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="faq">
      {items.map((item, i) => {
        const expanded = open === i;
        return (
          <div key={item.question} className="faq__item" data-open={expanded || undefined}>
            <h3>
              <button
                type="button"
                id={`${id}-q${i}`}
                aria-expanded={expanded}
                aria-controls={`${id}-a${i}`}
                onClick={() => setOpen(expanded ? null : i)}
              >
                <span>{item.question}</span>
                <Icon name="ChevronDown" size={20} className="faq__chevron" />
              </button>
            </h3>
            <div id={`${id}-a${i}`} role="region" aria-labelledby={`${id}-q${i}`} hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
