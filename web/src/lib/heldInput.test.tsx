import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInput, replayInput } from './heldInput';

// act() flushes React's work in this environment (as Testing Library declares).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('presses before the app runs', () => {
  afterEach(() => {
    replayInput();
    document.body.innerHTML = '';
  });

  it('holds a button press and a form submission, then replays them once', async () => {
    document.body.innerHTML = `<button id="open">Open</button><form id="f"><input name="q"></form><a id="link" href="#x">x</a>`;
    const clicked = vi.fn();
    const submitted = vi.fn((e: Event) => e.preventDefault());
    holdInput();
    document.getElementById('open')!.click();
    document.getElementById('open')!.click();
    const form = document.getElementById('f') as HTMLFormElement;
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    // The app starts listening now.
    document.getElementById('open')!.addEventListener('click', clicked);
    form.addEventListener('submit', submitted);
    expect(clicked).not.toHaveBeenCalled();

    replayInput();
    await nextTask();
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);
    replayInput();
    await nextTask();
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('lets links be followed and presses through once replayed', () => {
    document.body.innerHTML = `<a id="link" href="#x">x</a><button id="b">b</button>`;
    const followed = vi.fn();
    document.getElementById('link')!.addEventListener('click', followed);
    holdInput();
    document.getElementById('link')!.click();
    expect(followed).toHaveBeenCalledTimes(1);
    replayInput();
    const pressed = vi.fn();
    document.getElementById('b')!.addEventListener('click', pressed);
    document.getElementById('b')!.click();
    expect(pressed).toHaveBeenCalledTimes(1);
  });
});

describe('fields filled before the app runs', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('hands what was typed and chosen to the hydrated form, and the form sends it', async () => {
    const sent = vi.fn();
    const focused = vi.fn();
    function Form() {
      const [values, setValues] = useState({ name: '', service: 'a', agree: false });
      return (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            sent(values);
          }}
        >
          <input id="name" value={values.name} onFocus={focused} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} />
          <select id="service" value={values.service} onChange={(e) => setValues((v) => ({ ...v, service: e.target.value }))}>
            <option value="a">A</option>
            <option value="b">B</option>
          </select>
          <input id="agree" type="checkbox" checked={values.agree} onChange={(e) => setValues((v) => ({ ...v, agree: e.target.checked }))} />
          <button id="send">Send</button>
        </form>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.appendChild(container);

    holdInput();
    const name = document.getElementById('name') as HTMLInputElement;
    name.focus();
    name.value = 'Amina';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    const service = document.getElementById('service') as HTMLSelectElement;
    service.value = 'b';
    service.dispatchEvent(new Event('change', { bubbles: true }));
    (document.getElementById('agree') as HTMLInputElement).click();
    (document.getElementById('send') as HTMLButtonElement).click();
    name.focus();

    await act(async () => {
      hydrateRoot(container, <Form />);
    });
    expect(sent).not.toHaveBeenCalled();
    await act(async () => {
      replayInput();
      await nextTask();
    });
    expect(focused).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith({ name: 'Amina', service: 'b', agree: true });
    expect(name.value).toBe('Amina');
  });
});
