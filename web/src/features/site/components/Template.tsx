// A page the server sends filled with its data (routes.json serverDraws): the prerenderer
// draws the page once more as a template (entry-server.tsx renderTemplate), and the
// server fills it for each request (pages/service.go). While the template is drawn, the
// page's values are placeholders naming fields of the server's data, and these
// components write the actions that choose its optional and repeated parts, in Go's
// text/template language with [[ ]] delimiters. So React itself writes every element of
// the page the server sends, and the app takes that markup over as its own.
import { createContext, Fragment, useContext, type ReactNode } from 'react';

/** True while the prerenderer draws a template. */
export const TemplateMode = createContext(false);

/** Whether a template is being drawn. */
export function useTemplateMode(): boolean {
  return useContext(TemplateMode);
}

/** The placeholder of a field of the server's data: [[.Name]]. */
export function placeholder(field: string): string {
  return `[[.${field}]]`;
}

/** A template action: [[if .Tags]]. */
const action = (text: string) => `[[${text}]]`;

/**
 * The field a placeholder names (.Name); for a list of placeholders, the fields of each,
 * of which one must have something (or .Intro .Features).
 */
function fieldOf(value: string | readonly string[]): string {
  const values = typeof value === 'string' ? [value] : value;
  const fields = values.map((v) => /^\[\[(\.\w+)\]\]$/.exec(v)?.[1]);
  if (fields.length === 0 || fields.some((f) => !f)) throw new Error(`not a placeholder: ${String(value)}`);
  return fields.length === 1 ? fields[0]! : `or ${fields.join(' ')}`;
}

/** Whether a value has something to show: a text that is not empty, or a list with items. */
const present = (value: string | readonly string[]) => (typeof value === 'string' ? value !== '' : value.length > 0);

/** Props of When. */
export interface WhenProps {
  /** A text, or a list: children show when the text is not empty, or the list has items. */
  value: string | readonly string[];
  children: ReactNode;
}

/** children, when value has something to show; in a template, within [[if .Field]] … [[end]]. */
export function When({ value, children }: WhenProps) {
  if (useTemplateMode()) {
    return (
      <>
        {action(`if ${fieldOf(value)}`)}
        {children}
        {action('end')}
      </>
    );
  }
  return present(value) ? children : null;
}

/** Props of Each. */
export interface EachProps {
  items: readonly string[];
  /** Draws one item; its element needs a key. */
  children: (item: string) => ReactNode;
}

/** One drawing per item; in a template, one of the item [[.]] within [[range .Field]] … [[end]]. */
export function Each({ items, children }: EachProps) {
  if (useTemplateMode()) {
    return (
      <>
        {action(`range ${fieldOf(items)}`)}
        {children(action('.'))}
        {action('end')}
      </>
    );
  }
  return <>{items.map(children)}</>;
}

/** Props of Choose. */
export interface ChooseProps {
  value: string;
  /** The values a template draws a case of; any other is drawn as children draws it. */
  among: readonly string[];
  children: (value: string) => ReactNode;
}

/** children(value); in a template, a case for each of among, chosen by [[if eq .Field `case`]]. */
export function Choose({ value, among, children }: ChooseProps) {
  if (!useTemplateMode()) return children(value);
  const field = fieldOf(value);
  return (
    <>
      {among.map((c, i) => (
        <Fragment key={c}>
          {action(`${i === 0 ? 'if' : 'else if'} eq ${field} \`${c}\``)}
          {children(c)}
        </Fragment>
      ))}
      {action('else')}
      {children(value)}
      {action('end')}
    </>
  );
}
