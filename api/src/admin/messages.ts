/** What the back office's API says, in pt-BR (issue 32). */
export const OPERATOR_MESSAGES = {
  codeWrong: 'Código inválido. Confira o código do aplicativo autenticador e tente novamente.',
  challengeExpired: 'A verificação expirou. Entre novamente com seu e-mail e senha.',
  loggedOut: 'Sessão encerrada.',
  passwordChanged: 'Senha alterada. Entre novamente com a nova senha e o código.',
  currentPasswordWrong: 'Senha atual incorreta.',
  emailTaken: 'Já existe um operador com este e-mail.',
  inviteSent: 'Convite enviado por e-mail.',
  inviteInvalid: 'Este convite é inválido, expirou ou já foi usado. Peça um novo convite.',
  inviteAccepted: 'Conta de operador criada. Entre com seu e-mail e senha.',
  inviteSubject: 'Convite para operar a Rifaria',
} as const;
