/** A screen with a list at its index and one item's page below it (`:param`), both relative to the screen's path. */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';

export function ListAndDetail({ list, detail, param }: { list: ReactNode; detail: ReactNode; param: string }) {
  return (
    <Routes>
      <Route index element={list} />
      <Route path={`:${param}`} element={detail} />
    </Routes>
  );
}
