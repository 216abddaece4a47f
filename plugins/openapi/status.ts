/** Reason phrases of the HTTP statuses the API answers with: the reference's headings and the request console's answers. */
export const STATUS_TEXT: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '304': 'Not Modified', '400': 'Bad Request', '401': 'Unauthorized',
  '402': 'Payment Required', '403': 'Forbidden', '404': 'Not Found', '405': 'Method Not Allowed', '409': 'Conflict', '410': 'Gone',
  '412': 'Precondition Failed', '413': 'Payload Too Large', '415': 'Unsupported Media Type', '422': 'Unprocessable Content',
  '429': 'Too Many Requests', '500': 'Internal Server Error', '502': 'Bad Gateway', '503': 'Service Unavailable',
};
