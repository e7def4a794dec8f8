/**
 * 'Como conferir' a 'Sorteio Rifaria': the seed revealed, the commitment published since the campaign went live, the
 * public randomness round (drand, with its public record; or the offline sandbox, labelled as such), the hash of the
 * paid numbers and the algorithm in plain pt-BR.
 */
import { Alert, Link, Typography } from '@mui/material';
import type { DrawResult } from '@rifaria/shared/types';
import { HexValue } from '../../common/components/hex-value';
import { CheckItem, CheckList, TicketsHashItem } from './check-item';
import { RESULT_TEXTS } from './result-texts';

export const RIFARIA_ALGORITHM = [
  'Na publicação da campanha, a plataforma gerou uma semente secreta de 32 bytes e publicou o seu compromisso, o SHA-256 da semente. Assim a semente não pode ser trocada depois.',
  'As vendas se encerraram na data do sorteio. A lista dos números pagos, em ordem crescente e cada número escrito em 4 bytes (big-endian), dá o hash dos números pagos (SHA-256).',
  'A aleatoriedade pública é a primeira rodada do drand (League of Entropy, rede quicknet) publicada a partir da data do sorteio: ninguém, nem a plataforma, conhecia esse valor antes.',
  'Para cada prêmio, calcula-se o HMAC-SHA256 com a semente como chave, sobre a aleatoriedade da rodada, o hash dos números pagos, a posição do prêmio e um contador. Os primeiros 8 bytes do resultado, lidos como um número inteiro, indicam uma posição na lista ordenada dos números pagos.',
  'Para nenhuma posição ter mais chance que outra, valores que causariam esse desvio são descartados e o contador avança (amostragem por rejeição, sem viés de módulo). Um número que já ganhou também é pulado.',
  'Se houver menos números pagos do que prêmios, cada número pago ganha uma única vez, na ordem.',
] as const;
/** The step of the public randomness, which a sandbox draw did not use. */
const SANDBOX_STEP = 2;
const SANDBOX_NOTE =
  'Neste sorteio, porém, foi usado o beacon de demonstração (sandbox), que não é público nem imprevisível: serve só para testar a plataforma.';

export function RifariaCheck({ result }: { result: DrawResult }) {
  const { beacon } = result;
  const sandbox = beacon?.source === 'sandbox';
  return (
    <>
      <Typography>
        Qualquer pessoa pode refazer este sorteio e chegar aos mesmos ganhadores com os dados abaixo.
      </Typography>
      <CheckList>
        {result.seed ? (
          <CheckItem label="Semente (revelada após o sorteio)">
            <HexValue value={result.seed} />
          </CheckItem>
        ) : null}
        {result.commitment ? (
          <CheckItem label="Compromisso (SHA-256 da semente)">
            <HexValue value={result.commitment} />
            <Typography variant="body2" color="text.secondary">
              SHA-256(semente) = compromisso. Este compromisso está publicado na página da campanha desde a sua
              publicação, antes de qualquer venda: a semente revelada agora é a mesma escolhida naquele momento.
            </Typography>
          </CheckItem>
        ) : null}
        {beacon ? (
          <CheckItem label="Aleatoriedade pública (beacon)">
            {sandbox ? (
              <Alert severity="warning" sx={{ fontWeight: 700 }}>
                {RESULT_TEXTS.sandboxLabel}
              </Alert>
            ) : null}
            <Typography variant="body2">
              {sandbox
                ? `Rodada ${beacon.round} do beacon de demonstração, usado quando a plataforma roda sem internet.`
                : `Rodada ${beacon.round} do drand (League of Entropy, rede quicknet).`}
            </Typography>
            {beacon.url ? (
              <Link href={beacon.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {`Ver registro público da rodada ${beacon.round}`}
              </Link>
            ) : null}
            <Typography variant="body2" color="text.secondary">
              Aleatoriedade da rodada:
            </Typography>
            <HexValue value={beacon.randomness} />
            <Typography variant="body2" color="text.secondary">
              Rede (chain hash):
            </Typography>
            <HexValue value={beacon.chain_hash} />
          </CheckItem>
        ) : null}
        <TicketsHashItem result={result} />
      </CheckList>

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800 }}>
        Como os ganhadores foram calculados
      </Typography>
      <Typography component="ol" variant="body2" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 1 } }}>
        {RIFARIA_ALGORITHM.map((step, index) => (
          <li key={step}>
            {step}
            {sandbox && index === SANDBOX_STEP ? ` ${SANDBOX_NOTE}` : null}
          </li>
        ))}
      </Typography>
    </>
  );
}
