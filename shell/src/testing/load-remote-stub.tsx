/**
 * Stand-in for src/remotes/load-remote.ts in shell tests: each remote renders a heading with its name,
 * so a test can tell which remote a route mounted without any Module Federation runtime.
 */
import type { ComponentType } from 'react';

export class RemoteLoadError extends Error {}

export const initFederation = jest.fn();

export const loadRemoteApp = jest.fn(async (remote: string): Promise<{ default: ComponentType }> => {
  function RemoteStub() {
    return <h1>{`Remoto ${remote}`}</h1>;
  }
  return { default: RemoteStub };
});

export const loadRemoteWidget = jest.fn(async (id: string): Promise<{ default: ComponentType }> => {
  function WidgetStub() {
    return <p>{`Widget ${id}`}</p>;
  }
  return { default: WidgetStub };
});
