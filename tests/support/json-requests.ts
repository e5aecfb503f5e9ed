/** JSON requests to a test server, answering status and parsed body (the chat API tests share them). */
export function jsonRequests(baseUrl: () => string) {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl()}${path}`, { headers });
    return { status: res.status, body: await res.json() };
  };
  return { post, get };
}
