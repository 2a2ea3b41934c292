import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { LiveEvent } from '../api/types';

/** State of the live stream: `live` while connected, `polling` while down. */
export type LiveStatus = 'connecting' | 'live' | 'polling';

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

interface LiveState {
  status: LiveStatus;
  setStatus: (status: LiveStatus) => void;
}

/** Status of the one live stream of the console. */
export const useLiveStatus = create<LiveState>()((set) => ({
  status: 'connecting',
  setStatus: (status) => set({ status }),
}));

/** Delivers an event to every subscriber (the stream does; tests may too). */
export function dispatchLive(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** Opens the stream once for the console shell; reconnects by itself (EventSource). */
export function useLiveStream(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') {
      useLiveStatus.getState().setStatus('polling');
      return;
    }
    const source = new EventSource('/api/admin/events', { withCredentials: true });
    const setStatus = useLiveStatus.getState().setStatus;
    setStatus('connecting');
    const onMessage = (message: MessageEvent<string>) => {
      try {
        const event = JSON.parse(message.data) as LiveEvent;
        if (!event.kind && message.type !== 'message') event.kind = message.type as LiveEvent['kind'];
        if (event.kind) dispatchLive(event);
      } catch {
        // a comment or keep-alive line
      }
    };
    source.onopen = () => setStatus('live');
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'polling' : 'polling');
    source.onmessage = onMessage;
    const kinds = [
      'appointment.created',
      'appointment.updated',
      'appointment.deleted',
      'notification.created',
      'notification.updated',
      'notification.deleted',
      'conversation.updated',
      'waitlist.updated',
      'backup.updated',
    ];
    for (const kind of kinds) source.addEventListener(kind, onMessage as EventListener);
    return () => {
      source.close();
      setStatus('connecting');
    };
  }, [enabled]);
}

/** Calls handler for each live event whose kind starts with one of prefixes. */
export function useLiveEvents(prefixes: string[], handler: (event: LiveEvent) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  const key = prefixes.join('|');
  useEffect(() => {
    const wanted = key.split('|');
    const listener: Listener = (event) => {
      if (wanted.some((p) => event.kind.startsWith(p))) ref.current(event);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [key]);
}

/** Runs fn every ms while the live stream is down (the fallback poll). */
export function useFallbackPoll(fn: () => void, ms: number): void {
  const status = useLiveStatus((s) => s.status);
  const ref = useRef(fn);
  ref.current = fn;
  useEffect(() => {
    if (status === 'live') return;
    const timer = setInterval(() => ref.current(), ms);
    return () => clearInterval(timer);
  }, [status, ms]);
}

/**
 * Calls refresh once after a burst of live events (a bulk change sends one event per row),
 * `delay` ms after the last one.
 */
export function useLiveRefresh(prefixes: string[], refresh: () => void, delay = 150): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ref = useRef(refresh);
  ref.current = refresh;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLiveEvents(prefixes, () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => ref.current(), delay);
  });
}

/**
 * Asks again for the queries under each of queryKeys once after a burst of live events
 * whose kind starts with one of prefixes: the screens showing them refetch.
 */
export function useLiveInvalidate(prefixes: string[], queryKeys: readonly QueryKey[], delay?: number): void {
  const client = useQueryClient();
  useLiveRefresh(
    prefixes,
    () => {
      for (const queryKey of queryKeys) void client.invalidateQueries({ queryKey });
    },
    delay,
  );
}
