export const faq: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'Why is there a minimum order quantity?',
    answer:
      'We supply workshops and manufacturers in bulk, and our prices per piece are calculated for full packs and pallets. Each tool shows its minimum order; you can always order more, up to the stock we hold.',
  },
  {
    question: 'How fast do you deliver, and how can I follow my order?',
    answer:
      'Items in stock leave our warehouse within 48 hours of payment. Your dashboard shows every order: once it is paid and shipped it reads "Your Product is on the way."',
  },
  {
    question: 'Can I cancel an order or return a tool?',
    answer:
      'An order can be cancelled from My Order as long as it is not paid. After delivery, every tool comes with a 30-day money-back guarantee: contact us and we will arrange the return.',
  },
];
