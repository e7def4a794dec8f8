import {
  CAMPAIGN_MESSAGES,
  addressSchema,
  changePasswordSchema,
  firstErrors,
  isValidCpf,
  isValidPhone,
  loginSchema,
  missingPasswordRulesMessage,
  passwordStrength,
  profileSchema,
  registerSchema,
  validate,
} from '..';
import { registration, SE_ADDRESS } from '../../testing/fixtures';

describe('loginSchema', () => {
  it('should give the spec messages for empty and malformed fields', () => {
    expect(firstErrors(validate(loginSchema, { email: '', password: '' }).errors)).toEqual({
      email: 'E-mail é obrigatório',
      password: 'Senha é obrigatória',
    });
    expect(firstErrors(validate(loginSchema, { email: 'ana@', password: '12345' }).errors)).toEqual({
      email: 'E-mail inválido',
      password: 'Senha deve ter pelo menos 6 caracteres',
    });
  });

  it('should normalise the e-mail', () => {
    const result = validate(loginSchema, { email: '  Ana@Exemplo.COM ', password: '123456' });
    expect(result.output).toEqual({ email: 'ana@exemplo.com', password: '123456' });
  });

  it('should reject wrong types with the field message instead of throwing', () => {
    expect(firstErrors(validate(loginSchema, { email: 123, password: null }).errors)).toEqual({
      email: 'E-mail é obrigatório',
      password: 'Senha é obrigatória',
    });
    expect(validate(loginSchema, 'texto').success).toBe(false);
  });
});

describe('registerSchema', () => {
  const valid = registration();

  it('should accept a valid registration', () => {
    expect(validate(registerSchema, valid).success).toBe(true);
  });

  it('should list the missing password rules in lower case', () => {
    expect(missingPasswordRulesMessage('abc')).toBe(
      'Senha deve conter: pelo menos 8 caracteres, uma letra maiúscula, um número',
    );
    expect(
      firstErrors(
        validate(registerSchema, { ...valid, password: 'abcdefgh', password_confirmation: 'abcdefgh' }).errors,
      ),
    ).toEqual({
      password: 'Senha deve conter: uma letra maiúscula, um número',
    });
  });

  it('should say the passwords differ even when another field is also wrong', () => {
    const errors = firstErrors(
      validate(registerSchema, { ...valid, name: 'A', password_confirmation: 'Outra123' }).errors,
    );
    expect(errors).toEqual({
      name: 'Nome deve ter pelo menos 2 caracteres',
      password_confirmation: 'Senhas não coincidem',
    });
  });

  it('should require the name after trimming and the confirmation', () => {
    const errors = firstErrors(validate(registerSchema, { ...valid, name: '   ', password_confirmation: '' }).errors);
    expect(errors).toEqual({ name: 'Nome é obrigatório', password_confirmation: 'Confirmação de senha é obrigatória' });
  });
});

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Fraca'],
    ['abc', 25, 'Fraca'],
    ['abcDEF', 50, 'Média'],
    ['abcDEF12', 100, 'Forte'],
    ['abcdef12', 75, 'Forte'],
  ])('should rate %p at %p%% (%s)', (password, percent, label) => {
    expect(passwordStrength(password)).toEqual({ percent, label });
  });
});

describe('the cancel refusal (issue 30: never "1 tickets")', () => {
  it('should say one ticket in the singular', () => {
    expect(CAMPAIGN_MESSAGES.cancelSold(1)).toBe(
      'Não é possível cancelar esta campanha pois já possui 1 ticket vendido.',
    );
    expect(CAMPAIGN_MESSAGES.cancelSold(3)).toBe(
      'Não é possível cancelar esta campanha pois já possui 3 tickets vendidos.',
    );
  });
});

describe('changePasswordSchema', () => {
  it('should give the spec messages', () => {
    expect(
      firstErrors(
        validate(changePasswordSchema, { current_password: '', new_password: '123', new_password_confirmation: '' })
          .errors,
      ),
    ).toEqual({
      current_password: 'Senha atual é obrigatória',
      new_password: 'Senha deve conter: pelo menos 8 caracteres, uma letra maiúscula, uma letra minúscula',
      new_password_confirmation: 'Confirmação é obrigatória',
    });
    expect(
      firstErrors(
        validate(changePasswordSchema, {
          current_password: 'x',
          new_password: 'Nova1234',
          new_password_confirmation: 'Nova12345',
        }).errors,
      ),
    ).toEqual({
      new_password_confirmation: 'Senhas não coincidem',
    });
  });
});

describe('documents', () => {
  it('should check CPF digits with the integration vectors', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('12345678900')).toBe(false);
  });

  it('should accept phones with a real DDD only', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('1133334444')).toBe(true);
    expect(isValidPhone('(20) 98765-4321')).toBe(false);
    expect(isValidPhone('11 8765-43')).toBe(false);
    expect(isValidPhone('11876543210')).toBe(false);
  });

  it('should validate a profile and send CPF and phone as digits', () => {
    const result = validate(profileSchema, {
      name: 'Ana',
      email: 'ana@exemplo.com',
      cpf: '529.982.247-25',
      phone: '(11) 98765-4321',
    });
    expect(result.output).toMatchObject({ cpf: '52998224725', phone: '11987654321' });
    expect(
      firstErrors(
        validate(profileSchema, { name: 'Ana', email: 'ana@exemplo.com', cpf: '111.111.111-11', phone: '' }).errors,
      ),
    ).toEqual({
      cpf: 'CPF inválido',
      phone: 'Telefone é obrigatório',
    });
  });
});

describe('addressSchema', () => {
  it('should validate every field with the spec messages', () => {
    expect(
      firstErrors(
        validate(addressSchema, { zip_code: '0100', street: '', number: '', neighborhood: '', city: '', state_uf: '' })
          .errors,
      ),
    ).toEqual({
      zip_code: 'CEP deve ter 8 dígitos',
      street: 'Logradouro é obrigatório',
      number: 'Número é obrigatório',
      neighborhood: 'Bairro é obrigatório',
      city: 'Cidade é obrigatória',
      state_uf: 'Estado é obrigatório',
    });
  });

  it('should normalise CEP and UF and refuse unknown states', () => {
    const address = { ...SE_ADDRESS, complement: undefined, zip_code: '01001-000', state_uf: 'sp' };
    expect(validate(addressSchema, address).output).toMatchObject({
      zip_code: '01001000',
      state_uf: 'SP',
      complement: null,
    });
    expect(firstErrors(validate(addressSchema, { ...address, state_uf: 'XX' }).errors)).toEqual({
      state_uf: 'Estado inválido',
    });
  });
});

describe('validate', () => {
  it('should give each missing field its own pt-BR message', () => {
    expect(validate(registerSchema, {}).errors).toEqual({
      name: ['Nome é obrigatório'],
      email: ['E-mail é obrigatório'],
      password: ['Senha é obrigatória'],
      password_confirmation: ['Confirmação de senha é obrigatória'],
    });
  });

  it('should keep one message per field and name over-long values as such', () => {
    expect(validate(loginSchema, { email: 'a@b.co', password: 'x'.repeat(201) }).errors).toEqual({
      password: ['Senha deve ter no máximo 200 caracteres'],
    });
    const address = {
      zip_code: '01001000',
      street: 'R'.repeat(201),
      number: '1',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state_uf: 'SPX',
      complement: 5,
    };
    expect(validate(addressSchema, address).errors).toEqual({
      street: ['Logradouro deve ter no máximo 200 caracteres'],
      state_uf: ['Estado inválido'],
      complement: ['Complemento inválido'],
    });
  });
});
