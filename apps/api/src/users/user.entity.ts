import { Lang } from '@cms/contracts';
import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Login } from './login.entity';

/** A person of the staff; how they sign in is their Login. */
@Entity('user')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The back office language they chose; mails to them are written in it. Null: none chosen yet. */
  @Column({ type: 'enum', enum: Lang, enumName: 'lang', nullable: true })
  language: Lang | null;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany('Login', (login: Login) => login.user)
  logins?: Login[];
}
