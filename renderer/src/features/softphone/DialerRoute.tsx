/** `/dialer?number=…` (a `tel:` link): the number goes to the phone panel's dialer, and the app stays where it is. */
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { dialRequestAtom } from './dialRequest';

export function DialerRoute() {
  const [params] = useSearchParams();
  const request = useSetAtom(dialRequestAtom);
  const number = params.get('number');
  useEffect(() => {
    if (number) request({ number, at: Date.now() });
  }, [number, request]);
  return <Navigate to="/" replace />;
}
