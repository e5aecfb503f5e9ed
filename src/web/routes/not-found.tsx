import { data } from "react-router";
import { NotFound } from "../components/not-found";
import { publicPageHeaders } from "../lib/cache-headers";

/** Every unknown path: the not-found page with a real HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export const headers = publicPageHeaders;
