// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string
    headers?: Record<string, string>
    method?: string
    body?: string
    connections?: number
    duration?: number
    amount?: number
  }
  export interface Result {
    requests: { average: number, total: number }
    non2xx: number
    errors: number
    timeouts: number
  }
  function autocannon (options: Options): Promise<Result>
  export default autocannon
}
