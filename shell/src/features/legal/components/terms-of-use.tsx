import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { LEGAL_LAST_UPDATED, SUPPORT_EMAIL } from '../../../config/contact';
import { paths } from '../../../config/paths';
import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    title: 'Quem somos e o que fazemos',
    body: (
      <>
        <p>
          A Rifaria é uma plataforma online que oferece ferramentas para que pessoas e organizações (os “Organizadores”)
          criem, publiquem e administrem campanhas de rifa, vendam números por meio de páginas públicas e recebam os
          valores arrecadados em uma carteira digital. Quem compra números (os “Compradores”) não precisa criar conta:
          identifica-se pelo telefone e pelo CPF e paga por Pix.
        </p>
        <p>
          A Rifaria fornece a tecnologia. A campanha, o prêmio, o regulamento e o sorteio são de responsabilidade do
          Organizador que os publica.
        </p>
      </>
    ),
  },
  {
    title: 'Aceitação destes termos',
    body: (
      <p>
        Ao criar uma conta, publicar uma campanha ou comprar números, você declara que leu e concorda com estes Termos
        de Uso e com a{' '}
        <Link component={RouterLink} to={paths.privacy.getHref()}>
          Política de Privacidade
        </Link>
        . Se não concordar, não utilize a plataforma.
      </p>
    ),
  },
  {
    title: 'Cadastro e conta do Organizador',
    body: (
      <ul>
        <li>Para criar uma conta é preciso ter 18 anos ou mais e plena capacidade civil.</li>
        <li>As informações fornecidas (nome, e-mail, CPF, telefone, endereço) devem ser verdadeiras e atualizadas.</li>
        <li>
          Você é responsável por manter sua senha em sigilo e por toda atividade realizada na sua conta. Avise-nos
          imediatamente em caso de uso não autorizado.
        </li>
        <li>Podemos pedir documentos para confirmar sua identidade, em especial para abrir a carteira digital.</li>
      </ul>
    ),
  },
  {
    title: 'Responsabilidades do Organizador',
    body: (
      <ul>
        <li>
          Descrever o prêmio, o preço do número, a quantidade de números e a data do sorteio de forma clara e
          verdadeira.
        </li>
        <li>
          Publicar um regulamento com as regras da campanha, a forma de sorteio e o prazo e modo de entrega do prêmio.
        </li>
        <li>Possuir o prêmio ou ter condições reais de entregá-lo, e entregá-lo ao ganhador no prazo anunciado.</li>
        <li>Realizar o sorteio na data divulgada ou comunicar qualquer alteração a todos os Compradores.</li>
        <li>Responder às dúvidas e reclamações dos Compradores da sua campanha.</li>
        <li>Cumprir a legislação aplicável à sua campanha, conforme a seção seguinte.</li>
      </ul>
    ),
  },
  {
    title: 'Conformidade legal de rifas e promoções',
    body: (
      <>
        <p>
          No Brasil, a distribuição gratuita de prêmios mediante sorteio, vale-brinde ou concurso com fins comerciais
          depende de autorização prévia do poder público (Lei nº 5.768/1971 e regulamentação vigente, hoje a cargo do
          Ministério da Fazenda), e a exploração de loterias é reservada à União e aos Estados. Rifas beneficentes,
          filantrópicas ou de caráter pessoal podem estar sujeitas a regras específicas, inclusive municipais e
          estaduais.
        </p>
        <p>
          Cabe exclusivamente ao Organizador verificar se a sua campanha é permitida, obter as autorizações necessárias
          e cumprir as obrigações fiscais decorrentes. A Rifaria não presta assessoria jurídica e pode suspender ou
          cancelar campanhas que apresentem indícios de ilegalidade, fraude ou risco aos Compradores.
        </p>
      </>
    ),
  },
  {
    title: 'Compras e pagamentos por Pix',
    body: (
      <ul>
        <li>Somente maiores de 18 anos podem comprar números.</li>
        <li>
          O pagamento é feito por Pix. Ao confirmar a compra, os números ficam reservados por 10 minutos; se o pagamento
          não for identificado nesse prazo, a reserva é cancelada e os números voltam a ficar disponíveis.
        </li>
        <li>
          Os números são atribuídos de forma aleatória entre os disponíveis e nunca se repetem na mesma campanha. A
          compra só é considerada concluída após a confirmação do pagamento.
        </li>
        <li>
          Pagamentos confirmados após o prazo são realocados em novos números quando ainda houver disponibilidade; caso
          contrário, o valor é devolvido ao pagador.
        </li>
        <li>
          Os valores das vendas são creditados na carteira do Organizador e ficam bloqueados até a realização do
          sorteio.
        </li>
      </ul>
    ),
  },
  {
    title: 'Sorteios',
    body: (
      <p>
        O sorteio segue a modalidade escolhida pelo Organizador e informada na página da campanha — por exemplo, com
        base nos resultados da Loteria Federal ou pelo sorteio da própria plataforma. O resultado é divulgado na página
        da campanha. Cancelamentos só são possíveis antes de haver números vendidos; uma campanha cancelada não pode ser
        reativada.
      </p>
    ),
  },
  {
    title: 'Condutas proibidas',
    body: (
      <ul>
        <li>Anunciar prêmios inexistentes, ilícitos ou que dependam de autorização não obtida.</li>
        <li>Manipular ou tentar manipular o resultado de sorteios.</li>
        <li>Usar a plataforma para lavagem de dinheiro, fraude ou qualquer atividade ilegal.</li>
        <li>Violar direitos de terceiros, inclusive de imagem e de propriedade intelectual.</li>
      </ul>
    ),
  },
  {
    title: 'Disputas entre Organizadores e Compradores',
    body: (
      <p>
        Reclamações sobre uma campanha devem ser dirigidas primeiro ao Organizador. Se não houver solução, escreva para{' '}
        <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>: analisaremos o caso, poderemos pedir informações
        às partes e, havendo indícios de irregularidade, reter valores da carteira do Organizador, suspender a campanha
        e providenciar reembolsos. Os direitos previstos no Código de Defesa do Consumidor permanecem assegurados.
      </p>
    ),
  },
  {
    title: 'Limitação de responsabilidade',
    body: (
      <p>
        A Rifaria se empenha para manter a plataforma disponível e segura, mas não garante funcionamento ininterrupto e
        não responde por prêmios, regulamentos ou condutas dos Organizadores, nem por falhas de serviços de terceiros
        (bancos, provedores de pagamento e de mensagens), salvo nos casos previstos em lei.
      </p>
    ),
  },
  {
    title: 'Alterações, lei aplicável e contato',
    body: (
      <p>
        Podemos atualizar estes termos; mudanças relevantes serão comunicadas pela plataforma ou por e-mail. Estes
        termos são regidos pelas leis brasileiras, ficando eleito o foro do domicílio do consumidor. Dúvidas:{' '}
        <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
      </p>
    ),
  },
];

export function TermsOfUse() {
  return <LegalPage title="Termos de Uso" updatedAt={LEGAL_LAST_UPDATED} sections={sections} />;
}
