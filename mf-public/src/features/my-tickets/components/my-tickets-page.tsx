import { useParams } from 'react-router-dom';
import { MyTicketsView } from './my-tickets-view';

export function MyTicketsPage() {
  const { link = '' } = useParams();
  return <MyTicketsView link={link} />;
}
