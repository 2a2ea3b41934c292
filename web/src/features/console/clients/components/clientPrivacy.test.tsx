import { QueryProvider } from '../../../../lib/query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n, setLanguage } from '../../../../lib/i18n';
import type { Client } from '../../api/types';
import { useToasts } from '../../../../components/ui/toast';
import { EraseClientDialog } from './EraseClientDialog';
import { ExportClientButton } from './ExportClientButton';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const client: Client = {
  id: 'c-42',
  prenom: 'Amina',
  nom: 'Belkacem',
  email: 'amina@example.dz',
  numero_1: '0550 11 22 33',
  numero_2: null,
  nom_entreprise: 'Atlas Web',
  siteweb: null,
  appointments: 0,
  created_at: '2026-01-02T09:00:00Z',
  updated_at: '2026-01-02T09:00:00Z',
};

const erased = { appointments: 3, conversations: 2, messages: 4, notes: 1, waitlist: 1, newsletter: 1, cancelled: 0 };

type Call = { url: string; method: string; body: unknown; csrf: string | null };

/** Stubs fetch with answer, recording each call. */
function stubFetch(answer: (call: Call, index: number) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        csrf: new Headers(init?.headers).get('X-CSRF-Token'),
      };
      calls.push(call);
      return answer(call, calls.length - 1);
    }),
  );
  return calls;
}

const toasts = () => useToasts.getState().toasts.map((t) => ({ variant: t.variant, title: t.title, description: t.description }));

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces('console');
});
beforeEach(async () => {
  await setLanguage('fr');
  useToasts.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('erasing a client’s personal data', () => {
  const open = (onErased = vi.fn(), onClose = vi.fn()) => {
    render(<EraseClientDialog client={client} onClose={onClose} onErased={onErased} />, { wrapper: QueryProvider });
    return { onErased, onClose, dialog: screen.getByRole('dialog', { name: 'Effacer les données personnelles' }) };
  };

  it('explains what goes and what stays, and confirms only once the full name is typed', async () => {
    const calls = stubFetch(() => json(200, { erased, message: 'ok' }));
    const { dialog, onErased } = open();
    expect(within(dialog).getByText(/Nom, prénom, adresse e-mail, téléphones et entreprise/)).toBeTruthy();
    expect(within(dialog).getByText(/gardent la date, l'heure, le service, le statut et la source/)).toBeTruthy();
    expect(within(dialog).getByText(/ne peut pas être annulée/)).toBeTruthy();

    const input = screen.getByTestId('erase-confirm-input') as HTMLInputElement;
    const confirm = screen.getByTestId('erase-confirm') as HTMLButtonElement;
    expect(document.activeElement).toBe(input);
    expect(confirm.disabled).toBe(true);
    for (const wrong of ['Amina', 'Belkacem Amina', 'Amina Belkacemm']) {
      fireEvent.change(input, { target: { value: wrong } });
      expect(confirm.disabled).toBe(true);
    }
    // Enter in the field does not send a confirmation that does not match.
    fireEvent.submit(input.form!);
    expect(calls).toHaveLength(0);

    fireEvent.change(input, { target: { value: '  amina   BELKACEM ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    await waitFor(() => expect(onErased).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toMatch(/^\/api\/admin\/clients\/c-42\/erase\?/);
    expect(calls[0]!.body).toEqual({ confirm: 'amina   BELKACEM', cancel_upcoming: false });
    expect(toasts()).toEqual([
      {
        variant: 'success',
        title: 'Données personnelles effacées',
        description:
          'Rendez-vous anonymisés : 3 · Conversations effacées : 2 · Messages effacés : 4 · Notes effacées : 1 · ' +
          "Inscriptions en liste d'attente retirées : 1 · Inscriptions à la newsletter retirées : 1",
      },
    ]);
  });

  it('lists the upcoming appointments on 409 and, once their cancellation is ticked, sends cancel_upcoming true', async () => {
    const upcoming = [
      { id: 'a1', date: '2030-01-06', time: '10:00', status: 'confirmed' },
      { id: 'a2', date: '2030-02-10', time: '14:30', status: 'pending' },
    ];
    const calls = stubFetch((_call, i) =>
      i === 0
        ? json(409, { error: { code: 'upcoming', message: 'Ce client a des rendez-vous à venir.', upcoming } })
        : json(200, { erased: { ...erased, cancelled: 2 }, message: 'ok' }),
    );
    const { onErased } = open();
    const input = screen.getByTestId('erase-confirm-input');
    const confirm = screen.getByTestId('erase-confirm') as HTMLButtonElement;
    fireEvent.change(input, { target: { value: 'Amina Belkacem' } });
    fireEvent.click(confirm);

    const box = (await screen.findByRole('checkbox', { name: 'Annuler ces rendez-vous dans la même action' })) as HTMLInputElement;
    expect(calls.map((c) => c.body)).toEqual([{ confirm: 'Amina Belkacem', cancel_upcoming: false }]);
    expect(onErased).not.toHaveBeenCalled();
    const alert = screen.getByText('Cette personne a encore des rendez-vous à venir :').closest('[role="alert"]') as HTMLElement;
    const items = within(alert).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Le 6 janv. 2030 à 10:00 Confirmé', 'Le 10 févr. 2030 à 14:30 En attente']);
    expect(box.checked).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(confirm.disabled).toBe(true);

    fireEvent.click(box);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    await waitFor(() => expect(onErased).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => c.body)).toEqual([
      { confirm: 'Amina Belkacem', cancel_upcoming: false },
      { confirm: 'Amina Belkacem', cancel_upcoming: true },
    ]);
    expect(toasts()[0]!.description).toMatch(/ · Rendez-vous annulés : 2$/);
  });

  it('shows the server’s confirm message under the field on 400', async () => {
    stubFetch(() => json(400, { error: { code: 'validation', message: 'Invalid', fields: { confirm: 'Le nom ne correspond pas.' } } }));
    const { onErased } = open();
    const input = screen.getByTestId('erase-confirm-input');
    fireEvent.change(input, { target: { value: 'amina belkacem' } });
    fireEvent.click(screen.getByTestId('erase-confirm'));
    const message = await screen.findByText('Le nom ne correspond pas.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(input);
    expect(onErased).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Amina Belkacem' } });
    expect(screen.queryByText('Le nom ne correspond pas.')).toBeNull();
  });

  it('says when the erasure fails, and stays open', async () => {
    stubFetch(() => json(500, { error: { code: 'internal', message: 'Erreur interne' } }));
    const { onErased } = open();
    fireEvent.change(screen.getByTestId('erase-confirm-input'), { target: { value: 'Amina Belkacem' } });
    fireEvent.click(screen.getByTestId('erase-confirm'));
    expect((await screen.findAllByText("Échec de l'effacement : Erreur interne")).length).toBeGreaterThan(0);
    expect(toasts()).toEqual([{ variant: 'error', title: "Échec de l'effacement : Erreur interne", description: undefined }]);
    expect(onErased).not.toHaveBeenCalled();
    expect((screen.getByTestId('erase-confirm') as HTMLButtonElement).disabled).toBe(false);
  });

  it('speaks Arabic too', async () => {
    await setLanguage('ar');
    stubFetch(() => json(200, { erased }));
    render(<EraseClientDialog client={client} onClose={() => {}} onErased={() => {}} />, { wrapper: QueryProvider });
    expect(screen.getByRole('dialog', { name: 'مسح البيانات الشخصية' })).toBeTruthy();
    expect(screen.getByTestId('erase-confirm').textContent).toBe('مسح نهائي');
  });
});

describe('exporting a client’s data', () => {
  let created: Blob[];
  let revoked: string[];
  let downloads: { href: string; download: string }[];

  beforeEach(() => {
    created = [];
    revoked = [];
    downloads = [];
    vi.stubGlobal('URL', Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return `blob:dota/${created.length}`;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });

  it('downloads the export as client-<id>.json, busy meanwhile', async () => {
    const body = { exported_at: '2026-11-26T06:00:00Z', client: { id: 'c-42', nom: 'Belkacem' }, appointments: [], newsletter: null };
    let answer!: (r: Response) => void;
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<ExportClientButton client={client} />, { wrapper: QueryProvider });
    const button = screen.getByTestId('client-export');
    expect(button.textContent).toBe('Exporter les données');
    expect(button.getAttribute('aria-label')).toBe('Exporter les données de Amina Belkacem');

    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.textContent).toBe('Export…');
    fireEvent.click(button); // ignored while busy
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url).toMatch(/^\/api\/admin\/clients\/c-42\/export\?/);

    answer(
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="client-c-42.json"' },
      }),
    );
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toEqual({ href: 'blob:dota/1', download: 'client-c-42.json' });
    expect(created[0]!.type).toBe('application/json');
    expect(JSON.parse(await created[0]!.text())).toEqual(body);
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(button.textContent).toBe('Exporter les données');
    expect(toasts()).toEqual([{ variant: 'success', title: 'Données de Amina Belkacem exportées', description: undefined }]);
    await waitFor(() => expect(revoked).toEqual(['blob:dota/1']), { timeout: 3000 });
  });

  it('says so in a toast when the export fails', async () => {
    stubFetch(() => json(404, { error: { code: 'not_found', message: 'Client introuvable' } }));
    render(<ExportClientButton client={client} />, { wrapper: QueryProvider });
    fireEvent.click(screen.getByTestId('client-export'));
    await waitFor(() => expect(toasts()).toEqual([{ variant: 'error', title: "Échec de l'export : Client introuvable", description: undefined }]));
    expect(downloads).toEqual([]);
    expect(screen.getByTestId('client-export').getAttribute('aria-busy')).toBeNull();
  });
});
