/**
 * One item's screen (an account opening, a purchase): its title, the way back to its list, and its states (a 404 as
 * `notFound`).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import { ConsolePage } from './console-page';
import { Loaded, type LoadState } from './loaded';

export function DetailPage<T>(props: {
  title: string;
  back: { label: string; to: string };
  state: LoadState<T>;
  texts: { what: string; notFound: string };
  children: (data: T) => ReactNode;
}) {
  const { back, texts } = props;
  const backButton = (
    <Button component={RouterLink} to={back.to}>
      {back.label}
    </Button>
  );
  return (
    <ConsolePage title={props.title} actions={backButton}>
      <Loaded state={props.state} what={texts.what} notFound={texts.notFound}>
        {props.children}
      </Loaded>
    </ConsolePage>
  );
}
