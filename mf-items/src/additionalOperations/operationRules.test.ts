import { operationInput, paramsText } from './operationRules';

it('turns the form values into the call body: trimmed texts, POST by default, params as texts', () => {
  expect(operationInput({ name: ' Notificar ', url: ' https://x.example/ ', attachData: 1, params: { apiKey: 'k', n: 3 } })).toEqual({
    name: 'Notificar',
    url: 'https://x.example/',
    method: 'POST',
    attachData: true,
    params: { apiKey: 'k', n: '3' },
  });
  expect(operationInput({ name: 'a', url: 'u', method: 'DELETE', params: null })).toMatchObject({ method: 'DELETE', attachData: false, params: {} });
  expect(operationInput({ name: 'a', url: 'u', method: 'GET' }).method).toBe('POST');
});

it("shows params as 'key: value'", () => {
  expect(paramsText({ apiKey: 'k', formato: 'json' })).toEqual(['apiKey: k', 'formato: json']);
});
