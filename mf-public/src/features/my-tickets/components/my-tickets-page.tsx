import { useParams } from 'react-router-dom';
import { MyTicketsView } from '../features/my-tickets/my-tickets-view';

export function MyTicketsPage() {
  const { link = '' } = useParams();
  return <MyTicketsView link={link} />;
}
