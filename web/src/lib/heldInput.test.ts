import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdInput, replayInput } from './heldInput';

describe('presses before the app runs', () => {
  afterEach(() => {
    replayInput();
    document.body.innerHTML = '';
  });

  it('holds a button press and a form submission, then replays them once', () => {
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
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);
    replayInput();
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
