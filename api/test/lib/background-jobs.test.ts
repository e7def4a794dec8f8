import { loadConfig } from '../../src/config';
import { stepsFor } from '../../src/lib/worker';
import { workerSteps } from '../../src/plugins/app/services';
import { setupApp } from '../helper';

const t = setupApp();

describe('BACKGROUND_JOBS', () => {
  it('defaults to every job, and accepts local', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).backgroundJobs).toBe('all');
    expect(loadConfig({ DATA_DIR: '/tmp/x', BACKGROUND_JOBS: 'local' }).backgroundJobs).toBe('local');
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', BACKGROUND_JOBS: 'some' })).toThrow(/BACKGROUND_JOBS/);
  });

  it('local keeps only what belongs to this process: giving back its own ticket leases', () => {
    const steps = workerSteps(t.app.services);
    expect(stepsFor(steps, 'all')).toEqual(steps);
    expect(stepsFor(steps, 'local').map((step) => step.name)).toEqual(['ticket-leases']);
    // Shared jobs (claimed from the database) stay with the worker process.
    expect(steps.map((step) => step.name)).toEqual(
      expect.arrayContaining(['expire', 'reconcile', 'purchase-expiry', 'ticket-lease-reclaim', 'purchase-refunds']),
    );
  });
});
