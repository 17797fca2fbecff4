import { Browser, clientConfig, oc, registerClient, runAuthorization } from '@hc/testing';
import { stack } from './stack';

/**
 * A public app registered at the edge (201 asserted) and authorized by the demo owner through
 * the sign-in and consent pages, with PKCE, for `sites`. Returns what a test goes on with: the
 * registration, openid-client's configuration, the code verifier, the signed-in browser and the
 * flow that ends at the callback.
 */
export async function authorizeDemoApp(app: {
  redirect: string;
  name: string;
  scope: string;
  state: string;
  sites: number[];
}) {
  const reg = await registerClient(stack.publicUrl, {
    redirect_uris: [app.redirect],
    client_name: app.name,
  });
  expect(reg.status).toBe(201);
  const config = await clientConfig(stack.publicUrl, reg.body.client_id);
  const verifier = oc.randomPKCECodeVerifier();
  const url = oc.buildAuthorizationUrl(config, {
    redirect_uri: app.redirect,
    scope: app.scope,
    resource: new URL(stack.publicUrl).origin,
    state: app.state,
    code_challenge: await oc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const browser = new Browser();
  const flow = await runAuthorization(browser, url.toString(), app.redirect, {
    email: stack.demo.user.email,
    password: stack.demo.password,
    sites: app.sites,
  });
  return { reg, config, verifier, browser, flow };
}
