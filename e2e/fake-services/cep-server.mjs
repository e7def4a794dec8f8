// A fake CEP provider for the browser journeys (the machine has no internet): answers like ViaCEP
// (`/ws/{cep}/json/`) and BrasilAPI (`/api/cep/v2/{cep}`) for a few known CEPs, "not found" otherwise.
import http from 'node:http';

const PORT = Number(process.env.FAKE_CEP_PORT ?? 8183);

const KNOWN = {
  '01001000': { logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308', ddd: '11' },
  '20040020': { logradouro: 'Avenida Rio Branco', complemento: '', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ', ibge: '3304557', ddd: '21' },
};

const send = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${PORT}`);
    if (url.pathname === '/health') return send(res, 200, { ok: true });
    let match = /^\/ws\/([^/]+)\/json\/?$/.exec(url.pathname);
    if (match) {
      const cep = match[1];
      if (!/^\d{8}$/.test(cep)) return send(res, 400, { erro: 'CEP inválido' });
      const found = KNOWN[cep];
      return send(res, 200, found ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, ...found } : { erro: true });
    }
    match = /^\/api\/cep\/v2\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const found = KNOWN[match[1]];
      if (!found) return send(res, 404, { message: 'Todos os serviços de CEP retornaram erro.', type: 'service_error', name: 'CepPromiseError' });
      return send(res, 200, { cep: match[1], state: found.uf, city: found.localidade, neighborhood: found.bairro, street: found.logradouro, service: 'fake' });
    }
    return send(res, 404, { message: 'not found' });
  })
  .listen(PORT, '127.0.0.1', () => console.log(`fake CEP provider on http://127.0.0.1:${PORT}`));
