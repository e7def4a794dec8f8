/** 'Sorteios atrasados' on the home: campaigns undrawn past their date, and what the worker does about each. */
import { formatDateTime, formatInteger } from '@rifaria/shared/format';
import { useRequest } from '@rifaria/shared/ui';
import { Loaded } from '../../common/components/loaded';
import { TableSection } from '../../common/components/table-section';
import { getOverdueDraws, type OverdueDraw } from '../api/get-overdue-draws';

export const OVERDUE_TEXTS = {
  title: 'Sorteios atrasados',
  what: 'os sorteios atrasados',
  none: 'Nenhum sorteio atrasado.',
} as const;

const NEXT = { auto_draw: 'Sorteio automático pelo worker', federal_result: 'Aguarda o resultado da Loteria Federal' };

const COLUMNS = [
  { header: 'Campanha', cell: (row: OverdueDraw) => `${row.name} (${row.organiser})` },
  { header: 'Data do sorteio', cell: (row: OverdueDraw) => formatDateTime(row.draw_at) },
  { header: 'Atraso', cell: (row: OverdueDraw) => `${formatInteger(row.hours_overdue)} h` },
  { header: 'Compras pagas', cell: (row: OverdueDraw) => formatInteger(row.paid_purchases) },
  { header: 'Próximo passo', cell: (row: OverdueDraw) => NEXT[row.next] },
];

const idOf = (row: OverdueDraw) => row.id;

export function OverdueDraws() {
  const overdue = useRequest(getOverdueDraws, []);
  return (
    <Loaded state={overdue} what={OVERDUE_TEXTS.what}>
      {(data) => (
        <TableSection
          title={OVERDUE_TEXTS.title}
          rows={data.items}
          columns={COLUMNS}
          rowKey={idOf}
          empty={OVERDUE_TEXTS.none}
        />
      )}
    </Loaded>
  );
}
