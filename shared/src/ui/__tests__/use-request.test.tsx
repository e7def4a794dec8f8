import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useRequest } from '../use-request';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Probe({ load, initial }: { load: (id: number, signal: AbortSignal) => Promise<string>; initial?: string }) {
  const [id, setId] = useState(1);
  const request = useRequest((signal) => load(id, signal), [id], initial);
  return (
    <div>
      <p>{`${request.status}:${request.data ?? '-'}:${request.error ? String(request.error) : '-'}`}</p>
      <button onClick={() => setId((n) => n + 1)}>next</button>
      <button onClick={request.reload}>reload</button>
      <button onClick={() => request.setData('local')}>set</button>
    </div>
  );
}

describe('useRequest', () => {
  it('starts ready with an answer already in hand, without loading, and loads when the deps change', async () => {
    const load = jest.fn((id: number) => Promise.resolve(`fetched ${id}`));
    render(<Probe load={load} initial="from the server" />);
    expect(screen.getByText('ready:from the server:-')).toBeInTheDocument();
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    await act(async () => screen.getByRole('button', { name: 'next' }).click());
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('ready:fetched 2:-')).toBeInTheDocument();
  });

  it('goes loading → ready, keeps data while reloading, and reports errors', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    render(<Probe load={() => answers[call++]!.promise} />);
    expect(screen.getByText('loading:-:-')).toBeInTheDocument();
    await act(async () => answers[0]!.resolve('a'));
    expect(screen.getByText('ready:a:-')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'reload' }).click());
    expect(screen.getByText('loading:a:-')).toBeInTheDocument();
    await act(async () => answers[1]!.reject(new Error('boom')));
    expect(screen.getByText('error:a:Error: boom')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'set' }).click());
    expect(screen.getByText('ready:local:-')).toBeInTheDocument();
  });

  it('lets only the latest request write and aborts the one it replaces', async () => {
    const answers = new Map<number, ReturnType<typeof deferred<string>>>();
    const signals = new Map<number, AbortSignal>();
    render(
      <Probe
        load={(id, signal) => {
          const answer = deferred<string>();
          answers.set(id, answer);
          signals.set(id, signal);
          return answer.promise;
        }}
      />,
    );
    act(() => screen.getByRole('button', { name: 'next' }).click());
    expect(signals.get(1)!.aborted).toBe(true);
    await act(async () => answers.get(2)!.resolve('second'));
    await act(async () => answers.get(1)!.resolve('first, late'));
    expect(screen.getByText('ready:second:-')).toBeInTheDocument();
  });

  it('aborts the request in flight on unmount', () => {
    let seen: AbortSignal | null = null;
    const view = render(
      <Probe
        load={(_id, signal) => {
          seen = signal;
          return new Promise<string>(() => {});
        }}
      />,
    );
    view.unmount();
    expect(seen!.aborted).toBe(true);
  });
});
