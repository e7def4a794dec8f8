// The slice of autocannon 9's API that purchase.ts uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface RequestSpec extends Request {
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      requests?: RequestSpec[];
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
    }
  }
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): void;
  export = autocannon;
}
