import { Link } from '@mui/material';
import { LEGAL_LAST_UPDATED, PRIVACY_EMAIL } from '../../../config/contact';
import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    title: 'Quem trata os seus dados',
    body: (
      <p>
        A Rifaria é a controladora dos dados pessoais tratados na plataforma, nos termos da Lei Geral de Proteção de
        Dados Pessoais (LGPD, Lei nº 13.709/2018). Quando um Organizador usa os dados de Compradores para conduzir a
        própria campanha (por exemplo, para entregar o prêmio), ele também atua como controlador desses dados.
      </p>
    ),
  },
  {
    title: 'Quais dados guardamos e por quê',
    body: (
      <>
        <p>
          <strong>Organizadores</strong>
        </p>
        <ul>
          <li>
            Nome, e-mail e senha (guardada apenas como hash irreversível): criar e proteger a conta e nos comunicarmos
            com você — execução do contrato (art. 7º, V).
          </li>
          <li>
            CPF, telefone, data de nascimento e endereço: identificar o titular da conta e da carteira digital, prevenir
            fraudes e cumprir obrigações legais e regulatórias — execução do contrato, cumprimento de obrigação legal
            (art. 7º, II) e proteção do crédito e prevenção à fraude (art. 7º, X, e art. 11, II, “g”).
          </li>
          <li>
            Documento de identificação enviado na abertura da conta: verificação de identidade exigida para a conta de
            pagamento — cumprimento de obrigação legal e regulatória.
          </li>
        </ul>
        <p>
          <strong>Compradores</strong>
        </p>
        <ul>
          <li>
            Nome, telefone e CPF: identificar quem comprou cada número, avisar o ganhador e permitir a entrega do prêmio
            — execução do contrato.
          </li>
          <li>E-mail (opcional): enviar o comprovante e avisos da campanha — execução do contrato.</li>
        </ul>
        <p>
          <strong>Todos</strong>
        </p>
        <ul>
          <li>
            Registros de pagamento (valor, data, identificadores da transação Pix): confirmar compras, creditar
            carteiras, processar reembolsos e atender às normas fiscais e do sistema financeiro — cumprimento de
            obrigação legal e execução do contrato.
          </li>
          <li>
            Registros de acesso (endereço IP, data e hora): guardados por 6 meses, como exige o Marco Civil da Internet
            (Lei nº 12.965/2014, art. 15), e usados para segurança — cumprimento de obrigação legal e legítimo interesse
            (art. 7º, IX).
          </li>
        </ul>
        <p>Não vendemos dados pessoais e não os usamos para publicidade de terceiros.</p>
      </>
    ),
  },
  {
    title: 'Por quanto tempo',
    body: (
      <ul>
        <li>
          Dados da conta: enquanto a conta estiver ativa e, depois, pelo prazo necessário para cumprir obrigações
          legais.
        </li>
        <li>
          Registros de pagamento e dados de compras: 5 anos após a transação, prazo das obrigações fiscais e contábeis.
        </li>
        <li>Registros de acesso: 6 meses.</li>
        <li>Ao fim dos prazos, os dados são eliminados ou anonimizados.</li>
      </ul>
    ),
  },
  {
    title: 'Com quem compartilhamos',
    body: (
      <ul>
        <li>
          Provedor de pagamentos (instituição participante do Pix): para gerar cobranças, confirmar pagamentos e operar
          a carteira digital.
        </li>
        <li>
          Provedor de mensagens de WhatsApp: quando o Organizador conecta uma instância, o telefone e o nome do
          Comprador são usados para enviar notificações da compra.
        </li>
        <li>O Organizador da campanha: recebe nome, telefone, CPF e e-mail dos Compradores da sua própria campanha.</li>
        <li>Autoridades públicas: quando houver obrigação legal ou ordem judicial.</li>
        <li>Fornecedores de infraestrutura (hospedagem, e-mail), sob contrato e apenas para prestar o serviço.</li>
      </ul>
    ),
  },
  {
    title: 'Seus direitos',
    body: (
      <>
        <p>Conforme o art. 18 da LGPD, você pode, a qualquer momento e gratuitamente:</p>
        <ul>
          <li>confirmar se tratamos seus dados e acessá-los;</li>
          <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
          <li>
            pedir anonimização, bloqueio ou eliminação de dados desnecessários ou tratados em desconformidade com a lei;
          </li>
          <li>pedir a portabilidade dos dados a outro fornecedor;</li>
          <li>saber com quem compartilhamos seus dados;</li>
          <li>revogar o consentimento, quando ele for a base do tratamento;</li>
          <li>apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).</li>
        </ul>
        <p>Dados que a lei nos obriga a manter só serão eliminados ao fim do prazo legal.</p>
      </>
    ),
  },
  {
    title: 'Segurança',
    body: (
      <p>
        Usamos conexão criptografada (HTTPS), senhas protegidas por hash, acesso restrito por função e registros de
        auditoria. Se ocorrer um incidente de segurança que possa causar risco relevante, avisaremos os titulares
        afetados e a ANPD.
      </p>
    ),
  },
  {
    title: 'Encarregado (DPO) e contato',
    body: (
      <p>
        Para exercer seus direitos ou tirar dúvidas sobre esta política, fale com o nosso Encarregado pelo Tratamento de
        Dados Pessoais em <Link href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Link>. Respondemos em até 15 dias.
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalPage
      title="Política de Privacidade"
      updatedAt={LEGAL_LAST_UPDATED}
      intro={
        <p>
          Esta política explica quais dados pessoais a Rifaria coleta, por que, por quanto tempo os guarda, com quem os
          compartilha e como você pode exercer seus direitos previstos na LGPD.
        </p>
      }
      sections={sections}
    />
  );
}
