/**
 * Code loaded on demand (features/common/components/lazy-page.tsx): a download that fails on a phone's mobile data
 * shows a pt-BR message with 'Tentar novamente' instead of taking the page down, and a later attempt can load it.
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage, lazyPart } from '../features/common/components/lazy-page';
import { LOAD_FAILED_TEXT } from '../features/common/components/load-failed-text';

const failedDownload = () => Promise.reject(new Error('ChunkLoadError: Loading chunk 42 failed.'));

describe('a page loaded on demand', () => {
  it('should say it could not be loaded and offer to try again, instead of a blank page', async () => {
    const Page = lazyPage(failedDownload);
    render(
      <main>
        <h1>Rifa</h1>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </main>,
    );
    expect(await screen.findByText(LOAD_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rifa' })).toBeInTheDocument();
    // It reloads the page (jsdom cannot): the new HTML names the files of the build now deployed.
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
  });

  it('should load again after a failure, then render without suspending', async () => {
    let attempts = 0;
    const Page = lazyPage(() => {
      attempts += 1;
      return attempts === 1 ? failedDownload() : Promise.resolve(() => <p>Pagamento</p>);
    });
    await expect(Page.preload()).rejects.toThrow('ChunkLoadError');
    expect(Page.loaded).toBe(false);
    await Page.preload();
    expect(Page.loaded).toBe(true);
    render(<Page />);
    expect(screen.getByText('Pagamento')).toBeInTheDocument();
  });
});

describe('a dialog loaded on its first opening', () => {
  it('should say it could not be opened, over the page', async () => {
    const Dialog = lazyPart<{ open: boolean }>(failedDownload);
    render(
      <Suspense fallback={null}>
        <Dialog open />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_FAILED_TEXT);
  });
});
